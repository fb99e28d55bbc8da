import { style } from '@vanilla-extract/css';

import { listReset } from '../../../styles/primitives.css';
import * as rules from '../../../styles/rules';
import { vars } from '../../../styles/theme.css';

export const trigger = style({ ...rules.field, minHeight: '40px', fontSize: vars.fontSize.sm });

export const prefix = style({ color: vars.color.textMuted });

export const value = style({ fontWeight: 600 });

export const menu = listReset;

export const item = style({
  ...rules.menuItem,
  ...rules.spread,
  gap: vars.space['3'],
  fontSize: vars.fontSize.sm,
  selectors: {
    ...rules.menuItem.selectors,
    '&[aria-checked="true"]': { color: vars.color.brand, fontWeight: 700 },
  },
});
