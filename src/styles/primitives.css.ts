import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';

import * as rules from './rules';
import { vars } from './theme.css';

/**
 * Shared building blocks for feature styles: `style([card({ ... }), { ...what is special }])`.
 * Recipes are only called here and in other `.css.ts` files, so they resolve at build time and
 * no styling runtime reaches the browser.
 */

export const listReset = style(rules.listReset);

export const iconButton = style(rules.iconButton);

export const floating = style(rules.floating);

export const menuItem = style(rules.menuItem);

export const field = style(rules.field);

export const badge = style(rules.badge);

/** A bordered box of content: lists of addresses, orders, checkout sections, account cards. */
export const card = recipe({
  base: { borderRadius: vars.radius.lg, background: vars.color.surface },
  variants: {
    tone: {
      outline: { border: vars.border.hairline },
      // On a muted ground (the cart sheet) the contrast of the ground is the edge.
      flat: { border: 0 },
      brand: { border: `1px solid ${vars.color.brandSoft}`, background: vars.color.brandSoft },
    },
    radius: { md: { borderRadius: vars.radius.md }, lg: {} },
    padding: { none: {}, sm: { padding: vars.space['3'] }, md: { padding: vars.space['4'] } },
  },
  defaultVariants: { tone: 'outline', radius: 'lg', padding: 'md' },
});

/** A message in a tinted box: errors, confirmations, warnings. */
export const notice = recipe({
  base: { padding: vars.space['3'], borderRadius: vars.radius.md },
  variants: {
    tone: {
      danger: { background: vars.color.dangerSoft, color: vars.color.danger },
      success: { background: vars.color.successSoft, color: vars.color.success },
      warning: { background: vars.color.warningSoft, color: vars.color.warning },
      brand: { background: vars.color.brandSoft, color: vars.color.brandStrong },
      muted: { background: vars.color.surfaceMuted },
    },
  },
});

/** A pill that toggles on `aria-pressed` (address tags, pack sizes, category chips). */
export const chip = style(rules.chip);

/** Secondary text. */
export const muted = style(rules.mutedText);

/** Titles inside a page: section (lg) and page (xl). */
export const title = {
  lg: style({ fontSize: vars.fontSize.lg, fontWeight: 700 }),
  xl: style({ fontSize: vars.fontSize.xl, fontWeight: 700 }),
};
