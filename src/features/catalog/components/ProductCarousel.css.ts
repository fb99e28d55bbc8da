import { style } from '@vanilla-extract/css';

import { minWidth } from '../../../styles/breakpoints';
import { vars } from '../../../styles/theme.css';

export const root = style({ position: 'relative' });

export const track = style({ listStyle: 'none', margin: 0, padding: 0 });

export const slide = style({ padding: '2px', minWidth: 0 });

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

/** Same height as a row of cards, so the page does not shift when the carousel arrives. */
export const placeholder = style({ minHeight: '300px' });
