import { style } from '@vanilla-extract/css';

import {
  badge as badgeRule,
  card as cardRecipe,
  iconButton,
  listReset,
  menuItem as menuItemRule,
  notice,
} from '../../../styles/primitives.css';
import { centred } from '../../../styles/rules';
import { sprinkles } from '../../../styles/sprinkles.css';
import { vars } from '../../../styles/theme.css';

export const book = sprinkles({ display: 'flex', flexDirection: 'column', gap: '4' });

export const banners = sprinkles({ display: 'flex', flexDirection: 'column', gap: '2' });

export const banner = style([
  sprinkles({ display: 'flex', alignItems: 'flex-start', gap: '3' }),
  {
    padding: `${vars.space['3']} ${vars.space['4']}`,
    border: `1px solid ${vars.color.danger}`,
    borderRadius: vars.radius.md,
    background: vars.color.dangerSoft,
    color: vars.color.danger,
    fontSize: vars.fontSize.sm,
  },
]);

export const bannerText = style({ flex: 1 });

export const dismiss = style([
  iconButton,
  {
    flex: 'none',
    width: '32px',
    height: '32px',
    marginBlock: '-6px',
    color: 'inherit',
    fontSize: vars.fontSize.lg,
    selectors: { '&:hover': { background: 'rgba(198, 40, 40, 0.1)' } },
  },
]);

export const addButton = style({ alignSelf: 'flex-start' });

export const list = style([listReset, sprinkles({ display: 'flex', flexDirection: 'column', gap: '3' })]);

export const card = style([cardRecipe(), sprinkles({ display: 'flex', alignItems: 'flex-start', gap: '3' })]);

export const choice = style([
  card,
  {
    width: '100%',
    textAlign: 'left',
    font: 'inherit',
    // Its own text, not a dialog's muted body text (checkout's picker).
    fontSize: vars.fontSize.md,
    color: vars.color.text,
    cursor: 'pointer',
    selectors: {
      '&[aria-pressed="true"]': { borderColor: vars.color.brand, background: vars.color.brandSoft },
      '&:disabled': { cursor: 'default', opacity: 0.7 },
    },
  },
]);

export const tagIcon = style({
  ...centred,
  flex: 'none',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
  color: vars.color.brand,
});

export const cardBody = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: '1' }),
  { flex: 1, minWidth: 0 },
]);

export const tag = style({ fontWeight: 700 });

/** The tag and a badge beside it, the badge below when the line is too narrow for both. */
export const tagRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['2'] });

export const lines = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const badge = style([
  badgeRule,
  {
    alignSelf: 'flex-start',
    borderRadius: vars.radius.pill,
    background: vars.color.warningSoft,
    color: vars.color.warning,
    fontWeight: 600,
    // Level with the tag beside it.
    selectors: { [`${tagRow} > &`]: { alignSelf: 'center' } },
  },
]);

/** Under an address the store does not deliver to. */
export const outside = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: 600 });

/** Above the list, when the address chosen for delivery is one of those. */
export const outsideAlert = notice({ tone: 'danger' });

export const menuTrigger = style({
  width: '40px',
  height: '40px',
  justifyContent: 'center',
  borderRadius: vars.radius.pill,
});

export const menu = style([listReset, { padding: vars.space['1'], minWidth: '140px' }]);

export const menuItem = style([menuItemRule, { minHeight: '40px', fontSize: vars.fontSize.md }]);

export const dangerButton = style({
  background: vars.color.danger,
  borderColor: vars.color.danger,
  selectors: { '&:hover:not(:disabled)': { background: '#a31f1f' } },
});
