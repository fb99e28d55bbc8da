import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * The app's icon set: line icons on a 24 px grid in the current text colour, each one path
 * (circles and rectangles drawn as arcs and lines keep every icon a single string in the
 * first-load JS). They are decorative (aria-hidden); the control around an icon carries its name.
 *
 * This module is part of the first load, so glyphs that only a lazily loaded screen draws are
 * made with `createIcon` beside that screen (docs/decisions/017-styling-vocabulary.md).
 */
export function createIcon(path: string, defaultSize = 22) {
  return function Icon({ size = defaultSize, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        focusable="false"
        {...rest}
      >
        <path d={path} />
      </svg>
    );
  };
}

export const ArrowLeftIcon = createIcon('M19 12H5M11 5l-7 7 7 7');

export const PinIcon = createIcon(
  'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zM9.5 9.5a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0',
);

/** The wheels are half-unit circles whose 2-unit stroke fills them to a 1.5-unit dot. */
export const CartIcon = createIcon(
  'M3 4h2l2.4 10.2a1.5 1.5 0 0 0 1.5 1.1h8.4a1.5 1.5 0 0 0 1.4-1.1L21 8H6.2M9 19.5a.5.5 0 1 0 1 0a.5.5 0 1 0-1 0M16.5 19.5a.5.5 0 1 0 1 0a.5.5 0 1 0-1 0',
);

export const ChevronDownIcon = createIcon('M4 8l8 8 8-8', 12);

export const ArrowUpIcon = createIcon('M12 19.2V4.8M5.4 11.4L12 4.8l6.6 6.6', 20);

export const SearchIcon = createIcon('M3 10.2a7.2 7.2 0 1 0 14.4 0a7.2 7.2 0 1 0-14.4 0M15.6 15.6l6 6', 18);
