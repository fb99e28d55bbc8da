import type { StyleRule } from '@vanilla-extract/css';

import { vars } from './theme.css';

/**
 * The shared style rules, as plain objects. `primitives.css.ts` turns them into classes that
 * feature styles compose; a `.css.ts` file on the first-load path spreads the object instead,
 * since every composed class is a few more bytes in the first-load JS (docs/decisions/017).
 */

/** A list that is only a container: no bullets, no indent. */
export const listReset = { listStyle: 'none', margin: 0, padding: 0 } satisfies StyleRule;

/** Content centred in an inline box (icons in buttons, avatars). */
export const centred = { display: 'inline-flex', alignItems: 'center', justifyContent: 'center' } satisfies StyleRule;

/** A round 40 px button holding only an icon (back, close, menu). */
export const iconButton = {
  ...centred,
  width: '40px',
  height: '40px',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
} satisfies StyleRule;

/** A panel floating over the page (popovers, suggestion lists). */
export const floating = {
  background: vars.color.surface,
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
} satisfies StyleRule;

/** One row of a menu or option list: full width, text at the start, tinted on hover and focus. */
export const menuItem = {
  display: 'block',
  width: '100%',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  textAlign: 'left',
  textDecoration: 'none',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.surfaceMuted } },
} satisfies StyleRule;

/** A text input or select. */
export const field = {
  minHeight: '44px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
} satisfies StyleRule;

/** A pill that toggles on `aria-pressed` (address tags, pack sizes, category chips). */
export const chip = {
  border: vars.border.hairline,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  selectors: {
    '&[aria-pressed="true"]': {
      borderColor: vars.color.brand,
      background: vars.color.brandSoft,
      color: vars.color.brandStrong,
    },
  },
} satisfies StyleRule;

/** A small label on a coloured ground (discounts, statuses). */
export const badge = {
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
} satisfies StyleRule;

/** A modal `<dialog>` that fills the screen; the UA stylesheet would centre and pad it. */
export const screenDialog = {
  position: 'fixed',
  margin: 0,
  width: '100%',
  maxWidth: '100%',
  height: '100dvh',
  maxHeight: '100dvh',
  padding: 0,
  border: 0,
  color: vars.color.text,
  selectors: { '&::backdrop': { background: 'rgba(0, 0, 0, 0.5)' } },
} satisfies StyleRule;

/** The brand's filled button look, for buttons that are not `<Button>` (cart bar, proceed). */
export const brandFill = {
  border: 0,
  borderRadius: vars.radius.md,
  background: vars.color.brand,
  color: vars.color.textInverse,
  selectors: { '&:hover': { background: vars.color.brandStrong } },
} satisfies StyleRule;

/** Flex layouts, for first-load styles that spread them instead of composing sprinkles. */
export const row = { display: 'flex', alignItems: 'center' } satisfies StyleRule;
export const column = { display: 'flex', flexDirection: 'column' } satisfies StyleRule;
export const spread = { display: 'flex', alignItems: 'center', justifyContent: 'space-between' } satisfies StyleRule;

/** Text cut to two lines with an ellipsis (product names). */
export const twoLines = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} satisfies StyleRule;

/** Text cut to one line with an ellipsis. */
export const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } satisfies StyleRule;

/** Secondary text (the `muted` class in primitives.css.ts). */
export const mutedText = { color: vars.color.textMuted, fontSize: vars.fontSize.sm } satisfies StyleRule;

/** A "Skip to content" link: off screen until it has the keyboard's focus. */
export const skipLink = {
  position: 'absolute',
  top: vars.space['2'],
  left: vars.space['2'],
  zIndex: 100,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.brand,
  color: vars.color.textInverse,
  fontWeight: 600,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
} satisfies StyleRule;
