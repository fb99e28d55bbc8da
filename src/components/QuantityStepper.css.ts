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
  // The note at the most allowed sits above it (not clipped: the buttons round their own corners).
  position: 'relative',
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
    '&:first-child': { borderRadius: `${vars.radius.sm} 0 0 ${vars.radius.sm}` },
    '&:last-of-type': { borderRadius: `0 ${vars.radius.sm} ${vars.radius.sm} 0` },
    '&:hover:not(:disabled, [aria-disabled])': { background: vars.color.brandStrong },
    '&:is(:disabled, [aria-disabled])': { opacity: 0.5, cursor: 'not-allowed' },
    // Inside, level with the rounded container's edge.
    '&:focus-visible': { outlineOffset: '-3px', outlineColor: vars.color.textInverse },
  },
});

export const count = style({ minWidth: '2ch', textAlign: 'center', fontVariantNumeric: 'tabular-nums' });

/** Where the note is announced from: out of the stepper's grid, so that it never takes a cell. */
export const noteSlot = style({ position: 'absolute' });

/**
 * Why plus does nothing at the most allowed: a bubble above the stepper and as wide as it, so that
 * a narrow card (or a carousel's slide, which clips) holds it, in two or three lines if need be.
 */
export const note = style([
  noteSlot,
  {
    bottom: `calc(100% + ${vars.space['1']})`,
    left: 0,
    right: 0,
    zIndex: 1,
    padding: `${vars.space['1']} ${vars.space['2']}`,
    borderRadius: vars.radius.sm,
    background: vars.color.text,
    color: vars.color.textInverse,
    fontSize: vars.fontSize.xs,
    fontWeight: 600,
    textAlign: 'center',
    pointerEvents: 'none',
  },
]);
