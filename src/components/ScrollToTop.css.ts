import { style } from '@vanilla-extract/css';

import { centred } from '../styles/rules';
import { vars } from '../styles/theme.css';

export const button = style({
  position: 'fixed',
  right: vars.space['4'],
  // Floating bars (e.g. the mobile cart bar) can raise the button by setting --floating-bar-offset.
  bottom: `calc(${vars.space['4']} + var(--floating-bar-offset, 0px) + env(safe-area-inset-bottom, 0px))`,
  zIndex: 40,
  ...centred,
  width: '44px',
  height: '44px',
  border: vars.border.hairline,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.brand,
  boxShadow: vars.shadow.raised,
  selectors: { '&:hover': { background: vars.color.brandSoft } },
});
