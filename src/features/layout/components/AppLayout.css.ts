import { style } from '@vanilla-extract/css';

import * as rules from '../../../styles/rules';
import { vars } from '../../../styles/theme.css';

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  padding: `${vars.space['4']} ${vars.space['4']}`,
  selectors: { '&:focus': { outline: 'none' } },
});

export const skipLink = style(rules.skipLink);
