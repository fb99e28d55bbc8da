import { style } from '@vanilla-extract/css';

import { vars } from '../styles/theme.css';

export const needsConnection = style({
  margin: `0 0 ${vars.space['3']}`,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontSize: vars.fontSize.sm,
});
