import { style } from '@vanilla-extract/css';

import { minWidth } from '../../../styles/breakpoints';
import { CAROUSEL_BREAKPOINTS, CAROUSEL_DEFAULT, CAROUSEL_SPACING_PX } from '../carousel-settings';
import { vars } from '../../../styles/theme.css';

export const root = style({ position: 'relative' });

export const track = style({ listStyle: 'none', margin: 0, padding: 0 });

/** keen-slider's slide width: the track less the gaps between `perView` slides, shared by them. */
const slideBasis = (perView: number) => `0 0 calc((100% - ${CAROUSEL_SPACING_PX * (perView - 1)}px) / ${perView})`;

/**
 * Until keen-slider has placed a slide (a server-rendered page, the first frames), the same layout
 * in CSS: otherwise every product squeezes into one row of slivers (14 px wide at 360 px) and the
 * strip changes height when the script arrives. keen-slider places a slide by giving it an inline
 * style (its width, then its position), so the stand-in is for slides without one: the two never
 * apply together, and one of them is always drawn (keen-slider empties the style when its options
 * change, and fills it again before the frame is drawn). (Keyed on the slider's `created` event instead, the stand-in went a
 * frame before keen-slider had sized the slides: the strip shrank by a third for that frame, and a
 * page scrolled to its end jumped.) Its breakpoints are max-widths, narrowest last, as keen-slider
 * applies them.
 */
const unplaced = '&:not([style])';

export const slide = style({
  padding: '2px',
  minWidth: 0,
  selectors: {
    [unplaced]: { flex: slideBasis(CAROUSEL_DEFAULT.perView) },
    [`${unplaced} + ${unplaced}`]: { marginLeft: `${CAROUSEL_SPACING_PX}px` },
  },
  '@media': Object.fromEntries(
    CAROUSEL_BREAKPOINTS.map((bp) => [
      `screen and (max-width: ${bp.maxWidth}px)`,
      { selectors: { [unplaced]: { flex: slideBasis(bp.perView) } } },
    ]),
  ),
});

const arrowBase = style({
  display: 'none',
  position: 'absolute',
  top: '40%',
  zIndex: 2,
  width: '40px',
  height: '40px',
  alignItems: 'center',
  justifyContent: 'center',
  border: vars.border.hairline,
  borderRadius: '50%',
  background: vars.color.surface,
  boxShadow: vars.shadow.raised,
  fontSize: vars.fontSize.lg,
  selectors: { '&:disabled': { opacity: 0, pointerEvents: 'none' } },
  '@media': { [minWidth('lg')]: { display: 'inline-flex' } },
});

export const prev = style([arrowBase, { left: '-12px' }]);
export const next = style([arrowBase, { right: '-12px' }]);
