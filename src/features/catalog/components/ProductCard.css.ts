import { style } from '@vanilla-extract/css';

import { vars } from '../../../styles/theme.css';

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
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
  position: 'absolute',
  top: vars.space['2'],
  left: vars.space['2'],
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.discount,
  color: vars.color.textInverse,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});

export const name = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  lineHeight: 1.3,
  minHeight: '2.6em',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  textDecoration: 'none',
});

export const pack = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const footer = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  marginTop: 'auto',
});

export const price = style({ display: 'flex', flexDirection: 'column', fontSize: vars.fontSize.sm, fontWeight: 700 });

export const mrp = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 400,
  color: vars.color.textMuted,
  textDecoration: 'line-through',
});

export const soldOut = style({ fontSize: vars.fontSize.xs, fontWeight: 600, color: vars.color.danger });
