import { style, styleVariants } from '@vanilla-extract/css';

import { card } from '../../../styles/primitives.css';
import { vars } from '../../../styles/theme.css';

/** The orders board: a column per status, side by side from a 768 px tablet up, stacked below. */
export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  gap: vars.space['3'],
  alignItems: 'start',
});

export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], minWidth: 0 });

export const columnTitle = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  fontSize: vars.fontSize.md,
  margin: 0,
});

export const cards = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

export const orderCard = style([
  card(),
  { display: 'flex', flexDirection: 'column', gap: vars.space['2'], padding: vars.space['3'] },
]);

export const fresh = style({ outline: `2px solid ${vars.color.brand}`, outlineOffset: '1px' });

export const cardHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space['2'],
});

export const number = style({ fontWeight: 700, fontSize: vars.fontSize.md });

export const waited = styleVariants({
  ok: { fontVariantNumeric: 'tabular-nums', color: vars.color.textMuted },
  late: { fontVariantNumeric: 'tabular-nums', color: vars.color.danger, fontWeight: 700 },
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const pickList = style({ margin: 0, paddingLeft: vars.space['4'], fontSize: vars.fontSize.sm });

export const connection = styleVariants({
  live: { color: vars.color.success, fontSize: vars.fontSize.sm },
  reconnecting: { color: vars.color.warning, fontSize: vars.fontSize.sm, fontWeight: 700 },
});

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '32px',
  padding: `0 ${vars.space['3']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.textInverse,
  fontWeight: 700,
  border: 'none',
  cursor: 'pointer',
});

export const textarea = style({ width: '100%', minHeight: '80px', font: 'inherit' });
