import { style } from '@vanilla-extract/css';

import { vars } from '../../../styles/theme.css';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 50,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['4'],
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  padding: `0 ${vars.space['4']}`,
  minHeight: vars.layout.headerHeight,
});

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.xl,
  fontWeight: 800,
  letterSpacing: '-0.02em',
  textDecoration: 'none',
  color: vars.color.text,
});

export const logoMark = style({ color: vars.color.brand });
