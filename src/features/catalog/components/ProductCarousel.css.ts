import { style } from '@vanilla-extract/css';

import { minWidth } from '../../../styles/breakpoints';
import { CAROUSEL_BREAKPOINTS, CAROUSEL_DEFAULT, CAROUSEL_SPACING_PX } from '../carousel-settings';
import { vars } from '../../../styles/theme.css';

export const root = style({ position: 'relative' });

export const track = style({ listStyle: 'none', margin: 0, padding: 0 });

/** keen-slider's slide width: the track less the gaps between `perView` slides, shared by them. */
const slideBasis = (perView: number) => `0 0 calc((100% - ${CAROUSEL_SPACING_PX * (perView - 1)}px) / ${perView})`;

/**
 * Until keen-slider has measured the track and placed the slides (a server-rendered page, or the
 * first frame), the same layout in CSS: otherwise every product squeezes into one row of slivers
 * (13 px wide at 360 px) and the strip changes height when the script arrives. Its breakpoints
 * are max-widths, narrowest last, as keen-slider applies them.
 */
export const unplaced = style({ gap: `${CAROUSEL_SPACING_PX}px` });

const whileUnplaced = `${unplaced} > &`;

export const slide = style({
  padding: '2px',
  minWidth: 0,
  selectors: { [whileUnplaced]: { flex: slideBasis(CAROUSEL_DEFAULT.perView) } },
  '@media': Object.fromEntries(
    CAROUSEL_BREAKPOINTS.map((bp) => [
      `screen and (max-width: ${bp.maxWidth}px)`,
      { selectors: { [whileUnplaced]: { flex: slideBasis(bp.perView) } } },
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
