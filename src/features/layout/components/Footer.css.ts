import { style } from '@vanilla-extract/css';

import { vars } from '../../../styles/theme.css';

export const footer = style({
  marginTop: vars.space['12'],
  background: vars.color.surfaceMuted,
  borderTop: `1px solid ${vars.color.border}`,
});

export const inner = style({
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  padding: `${vars.space['8']} ${vars.space['4']}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
