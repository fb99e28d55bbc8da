import { style } from '@vanilla-extract/css';

import { field, listReset, menuItem } from '../../../styles/primitives.css';
import { sprinkles } from '../../../styles/sprinkles.css';
import { vars } from '../../../styles/theme.css';

export const trigger = style([field, { minHeight: 0, fontSize: vars.fontSize.sm }]);

export const prefix = style({ color: vars.color.textMuted });

export const value = style({ fontWeight: 600 });

export const menu = listReset;

export const item = style([
  menuItem,
  sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3' }),
  { fontSize: vars.fontSize.sm, selectors: { '&[aria-checked="true"]': { color: vars.color.brand, fontWeight: 700 } } },
]);
