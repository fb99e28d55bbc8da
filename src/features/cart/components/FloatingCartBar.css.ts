import { globalStyle, style } from '@vanilla-extract/css';

import { maxWidth, minWidth } from '../../../styles/breakpoints';
import { brandFill } from '../../../styles/rules';
import { vars } from '../../../styles/theme.css';

const BAR_HEIGHT = '56px';

export const region = style({
  '@media': { [minWidth('md')]: { display: 'none' } },
  // Its box is the spacer's (the bar is fixed): below the footer it continues the footer rather
  // than leave a strip of page under it.
  selectors: { 'footer ~ &': { background: vars.color.surfaceMuted } },
});

// Other fixed controls (the scroll-to-top button) read this to stay clear of the bar.
globalStyle(`html:has(${region})`, {
  '@media': { [maxWidth('md')]: { vars: { '--floating-bar-offset': `calc(${BAR_HEIGHT} + ${vars.space['3']})` } } },
});

export const spacer = style({ height: `calc(${BAR_HEIGHT} + ${vars.space['6']})` });

export const bar = style({
  position: 'fixed',
  left: vars.space['3'],
  right: vars.space['3'],
  bottom: `max(${vars.space['3']}, env(safe-area-inset-bottom))`,
  zIndex: 40,
});

export const button = style({
  ...brandFill,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  width: '100%',
  minHeight: BAR_HEIGHT,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  boxShadow: vars.shadow.raised,
  textAlign: 'left',
});

export const icon = style({
  display: 'inline-flex',
  padding: vars.space['2'],
  borderRadius: vars.radius.sm,
  background: 'rgba(255, 255, 255, 0.15)',
});

export const summary = style({
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  lineHeight: 1.2,
});

export const total = style({ fontSize: vars.fontSize.md, fontWeight: 700 });

export const cta = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['1'], fontWeight: 700 });

export const chevron = style({ fontSize: vars.fontSize.xl, lineHeight: 1 });
