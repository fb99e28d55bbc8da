import { style, styleVariants } from '@vanilla-extract/css';

import { centred } from '../styles/rules';
import { vars } from '../styles/theme.css';

// Plain class maps rather than a recipe: the variants resolve at build time, with no runtime
// in the initial bundle (docs/decisions/004-page-weight-budget.md).
export const base = style({
  ...centred,
  gap: vars.space['2'],
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  fontWeight: 600,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transition: 'background-color 120ms ease, border-color 120ms ease',
  // aria-disabled: a button that keeps the focus while its action runs looks disabled too.
  selectors: { '&:disabled, &[aria-disabled="true"]': { opacity: 0.5, cursor: 'not-allowed' } },
});

/** Hover only on a button that can be pressed (aria-disabled: one that keeps the focus while busy). */
const enabledHover = '&:hover:not(:disabled):not([aria-disabled="true"])';

export const tone = styleVariants({
  primary: {
    background: vars.color.brand,
    color: vars.color.textInverse,
    selectors: { [enabledHover]: { background: vars.color.brandStrong } },
  },
  outline: {
    background: vars.color.surface,
    color: vars.color.brand,
    borderColor: vars.color.brand,
    // The darker green on the pale one: brand on brandSoft is under 4.5:1.
    selectors: {
      [enabledHover]: {
        background: vars.color.brandSoft,
        color: vars.color.brandStrong,
      },
    },
  },
  ghost: {
    background: 'transparent',
    color: vars.color.text,
    selectors: { [enabledHover]: { background: vars.color.surfaceMuted } },
  },
});

export const size = styleVariants({
  sm: { padding: `${vars.space['1']} ${vars.space['3']}`, fontSize: vars.fontSize.sm, minHeight: '32px' },
  md: { padding: `${vars.space['2']} ${vars.space['4']}`, fontSize: vars.fontSize.md, minHeight: '44px' },
});
