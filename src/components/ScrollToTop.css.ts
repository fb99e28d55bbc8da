import { style } from '@vanilla-extract/css';

import { centred } from '../styles/rules';
import { vars } from '../styles/theme.css';
import { tokens } from '../styles/tokens';

const SIZE = 44;

export const button = style({
  position: 'fixed',
  right: vars.space['4'],
  // Floating bars (e.g. the mobile cart bar) can raise the button by setting --floating-bar-offset.
  bottom: `calc(${vars.space['4']} + var(--floating-bar-offset, 0px) + env(safe-area-inset-bottom, 0px))`,
  zIndex: 40,
  ...centred,
  width: `${SIZE}px`,
  height: `${SIZE}px`,
  border: vars.border.hairline,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.brand,
  boxShadow: vars.shadow.raised,
  selectors: { '&:hover': { background: vars.color.brandSoft } },
});

/**
 * Room at the foot of the page for the button, so that scrolled to the end, the last lines (the
 * footer's, or a page's own when it has no footer) sit above it rather than under it. Only where
 * the page's column reaches the button: wider than the column plus the button and its gap on each
 * side, the button floats in the margin. On phones the cart bar keeps its own spacer; the two
 * together clear the button raised above the bar.
 */
const clearOfColumn = parseInt(tokens.layout.maxWidth, 10) + 2 * (SIZE + parseInt(tokens.space['4'], 10));

export const space = style({
  flexShrink: 0,
  height: `calc(${SIZE}px + 2 * ${vars.space['4']} + env(safe-area-inset-bottom, 0px))`,
  // Below the footer it continues the footer rather than leave a strip of page under it.
  selectors: { 'footer ~ &': { background: vars.color.surfaceMuted } },
  '@media': { [`screen and (min-width: ${clearOfColumn}px)`]: { display: 'none' } },
});
