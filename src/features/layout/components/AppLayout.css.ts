import { style } from '@vanilla-extract/css';

import { vars } from '../../../styles/theme.css';

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  padding: `${vars.space['4']} ${vars.space['4']}`,
  selectors: { '&:focus': { outline: 'none' } },
});

export const skipLink = style({
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
});
