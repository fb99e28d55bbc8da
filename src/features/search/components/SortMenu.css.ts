import { style } from '@vanilla-extract/css';

import { vars } from '../../../styles/theme.css';

export const trigger = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  fontSize: vars.fontSize.sm,
  background: vars.color.surface,
});

export const prefix = style({ color: vars.color.textMuted });

export const value = style({ fontWeight: 600 });

export const menu = style({ listStyle: 'none', margin: 0, padding: 0 });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  width: '100%',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  fontSize: vars.fontSize.sm,
  textAlign: 'left',
  selectors: {
    '&:hover, &:focus-visible': { background: vars.color.surfaceMuted },
    '&[aria-checked="true"]': { color: vars.color.brand, fontWeight: 700 },
  },
});
