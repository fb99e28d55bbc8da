import { style } from '@vanilla-extract/css';

import { vars } from '../../../styles/theme.css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

export const title = style({ fontSize: vars.fontSize.xl, fontWeight: 700, overflowWrap: 'anywhere' });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm });

export const more = style({ display: 'flex', justifyContent: 'center', paddingTop: vars.space['2'] });
