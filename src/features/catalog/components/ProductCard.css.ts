import { globalStyle, style } from '@vanilla-extract/css';

import { badge as badgeRule, column, twoLines } from '../../../styles/rules';
import { maxWidth } from '../../../styles/breakpoints';
import { vars } from '../../../styles/theme.css';

export const card = style({
  ...column,
  position: 'relative',
  gap: vars.space['2'],
  padding: vars.space['3'],
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  minWidth: 0,
  // As tall as its grid cell, so the Add buttons of a row line up whether or not a price has an MRP.
  height: '100%',
  // Its parts size themselves to the card (the name's lines below), whatever grid or carousel holds it.
  containerType: 'inline-size',
  // A phone's two-column grid beside the category sidebar leaves a card about 110 px: less
  // padding gives the name 16 px more of each line.
  '@media': { [maxWidth('sm')]: { padding: vars.space['2'] } },
});

export const imageLink = style({ display: 'block', borderRadius: vars.radius.sm, overflow: 'hidden' });

export const image = style({
  width: '100%',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  background: vars.color.surfaceMuted,
});

export const badge = style({
  ...badgeRule,
  position: 'absolute',
  top: vars.space['2'],
  left: vars.space['2'],
  background: vars.color.discount,
  color: vars.color.textInverse,
});

export const name = style({
  ...twoLines,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  lineHeight: 1.3,
  minHeight: '2.6em',
  textDecoration: 'none',
  // A word wider than the card ('Homogenised' at 360 px) is hyphenated, or broken, not cut.
  hyphens: 'auto',
  overflowWrap: 'break-word',
  // In a narrow card two lines held only 'Amul Taaza…': three lines keep names whole; in a phone's
  // grid beside the category sidebar (about 92 px of text), four lines of a size smaller.
  '@container': {
    '(max-width: 150px)': { WebkitLineClamp: 3 },
    '(max-width: 110px)': { fontSize: '13px', WebkitLineClamp: 4 },
  },
});

export const pack = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

// The price above a full-width Add button: side by side, a price with its MRP and the 84 px
// button need about 180 px, more than a card has in a phone's two-column grid (84 px at 360 px
// beside the category sidebar) or in a six-column desktop grid, and the button overran the card.
export const footer = style({ ...column, alignItems: 'stretch', gap: vars.space['2'], marginTop: 'auto' });

// The cart control (Add or the stepper) takes the card's width, however narrow the card.
globalStyle(`${footer} > div > *`, { flex: 1, minWidth: 0 });

export const price = style({ ...column, fontSize: vars.fontSize.sm, fontWeight: 700 });

export const mrp = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 400,
  color: vars.color.textMuted,
  textDecoration: 'line-through',
});

export const soldOut = style({ fontSize: vars.fontSize.xs, fontWeight: 600, color: vars.color.danger });
