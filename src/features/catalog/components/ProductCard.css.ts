import { style } from '@vanilla-extract/css';

import { badge as badgeRule, column, spread, twoLines } from '../../../styles/rules';
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
});

export const pack = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const footer = style({ ...spread, gap: vars.space['2'], marginTop: 'auto' });

export const price = style({ ...column, fontSize: vars.fontSize.sm, fontWeight: 700 });

export const mrp = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 400,
  color: vars.color.textMuted,
  textDecoration: 'line-through',
});

export const soldOut = style({ fontSize: vars.fontSize.xs, fontWeight: 600, color: vars.color.danger });
