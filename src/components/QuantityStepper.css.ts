import { style, styleVariants } from '@vanilla-extract/css';

import { centred } from '../styles/rules';
import { vars } from '../styles/theme.css';

const stepperBase = style({
  display: 'inline-grid',
  gridTemplateColumns: '1fr auto 1fr',
  alignItems: 'center',
  borderRadius: vars.radius.sm,
  background: vars.color.brand,
  color: vars.color.textInverse,
  fontWeight: 700,
  overflow: 'hidden',
});

// Class maps, not a recipe: this sits on every product card, so no styling runtime in the
// initial bundle (docs/decisions/004-page-weight-budget.md).
export const stepper = styleVariants({
  sm: [stepperBase, { height: '36px', minWidth: '84px', fontSize: vars.fontSize.sm }],
  md: [stepperBase, { height: '44px', minWidth: '120px', fontSize: vars.fontSize.md }],
});

export const button = style({
  ...centred,
  display: 'flex',
  height: '100%',
  minWidth: '28px',
  padding: `0 ${vars.space['2']}`,
  border: 0,
  background: 'transparent',
  color: 'inherit',
  fontSize: '1.25em',
  lineHeight: 1,
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.brandStrong },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
    // The focus ring would be clipped by the rounded container's overflow.
    '&:focus-visible': { outlineOffset: '-3px', outlineColor: vars.color.textInverse },
  },
});

export const count = style({ minWidth: '2ch', textAlign: 'center', fontVariantNumeric: 'tabular-nums' });
