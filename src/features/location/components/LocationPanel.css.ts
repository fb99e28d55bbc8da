import { style } from '@vanilla-extract/css';

import { menuItem, notice } from '../../../styles/primitives.css';
import { vars } from '../../../styles/theme.css';

export const cityButton = style([
  menuItem,
  {
    minHeight: '36px',
    padding: `${vars.space['1']} ${vars.space['2']}`,
    selectors: { '&[aria-pressed="true"]': { background: vars.color.brandSoft, fontWeight: 700 } },
  },
]);

const result = { fontSize: vars.fontSize.sm };

export const served = style([notice({ tone: 'brand' }), result]);
export const notServed = style([notice({ tone: 'danger' }), result]);
export const eta = style({ fontSize: vars.fontSize.md, fontWeight: 700 });
