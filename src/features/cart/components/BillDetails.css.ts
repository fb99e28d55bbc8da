import { globalStyle, style } from '@vanilla-extract/css';

import { card as cardRecipe, iconButton, notice } from '../../../styles/primitives.css';
import { sprinkles } from '../../../styles/sprinkles.css';
import { vars } from '../../../styles/theme.css';

export const card = style([
  cardRecipe({ tone: 'flat', radius: 'md' }),
  sprinkles({ display: 'flex', flexDirection: 'column', gap: '2' }),
]);

export const heading = style({ fontSize: vars.fontSize.md, fontWeight: 700 });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

globalStyle(`${table} th`, { padding: `${vars.space['1']} 0`, textAlign: 'left', fontWeight: 400 });
globalStyle(`${table} td`, { padding: `${vars.space['1']} 0`, textAlign: 'right', whiteSpace: 'nowrap' });

export const label = sprinkles({ display: 'inline-flex', alignItems: 'center', gap: '1' });

export const info = style([
  iconButton,
  {
    // A 24 px target around a 14 px glyph (WCAG 2.2 target size).
    width: '24px',
    height: '24px',
    padding: 0,
    color: vars.color.textMuted,
    selectors: { '&:hover': { color: vars.color.text } },
  },
]);

export const struck = style({ marginRight: vars.space['1'], color: vars.color.textMuted });

export const free = style({ color: vars.color.success, fontWeight: 700 });

export const grandTotal = style({});
globalStyle(`${grandTotal} th, ${grandTotal} td`, {
  paddingTop: vars.space['2'],
  borderTop: vars.border.hairline,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
});

export const savings = style([
  notice({ tone: 'brand' }),
  sprinkles({ display: 'flex', justifyContent: 'space-between' }),
  {
    padding: `${vars.space['2']} ${vars.space['3']}`,
    borderRadius: vars.radius.sm,
    fontSize: vars.fontSize.sm,
    fontWeight: 600,
  },
]);
