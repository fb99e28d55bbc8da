import { style } from '@vanilla-extract/css';

import { vars } from '../../../styles/theme.css';

export const nav = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const heading = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '40px',
  padding: `${vars.space['2']} ${vars.space['4']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.color.brand, color: vars.color.brand } },
});
