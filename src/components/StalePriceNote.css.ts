import { style } from '@vanilla-extract/css';

import { vars } from '../styles/theme.css';

export const staleNote = style({
  margin: `${vars.space['1']} 0 0`,
  color: vars.color.warning,
  fontSize: vars.fontSize.xs,
});
