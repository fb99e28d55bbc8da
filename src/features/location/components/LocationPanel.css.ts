import { style } from '@vanilla-extract/css';

import { listReset, menuItem, muted, notice } from '../../../styles/primitives.css';
import { column } from '../../../styles/rules';
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

export const hint = style([muted, { fontSize: vars.fontSize.xs }]);

/** The places the search found: at most five rows, so the panel needs no scrolling of its own. */
export const places = style([listReset, { borderTop: vars.border.hairline, borderBottom: vars.border.hairline }]);

export const place = style([menuItem, { ...column, minHeight: '44px', gap: '2px' }]);

export const placeMain = style({ fontSize: vars.fontSize.sm, fontWeight: 600 });

export const placeSecondary = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
