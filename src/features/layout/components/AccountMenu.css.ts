import { style } from '@vanilla-extract/css';

import { maxWidth, minWidth } from '../../../styles/breakpoints';
import { vars } from '../../../styles/theme.css';

export const login = style({
  minHeight: '40px',
  padding: `${vars.space['1']} ${vars.space['3']}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});

export const desktop = style({ '@media': { [maxWidth('md')]: { display: 'none' } } });

export const trigger = style({ fontSize: vars.fontSize.md, fontWeight: 600, whiteSpace: 'nowrap' });

export const mobileLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.pill,
  color: vars.color.text,
  '@media': { [minWidth('md')]: { display: 'none' } },
});

export const panel = style({ width: '240px' });

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const heading = style({ padding: `0 ${vars.space['2']}`, fontWeight: 700 });

export const mobile = style({
  padding: `0 ${vars.space['2']} ${vars.space['2']}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const item = style({
  display: 'block',
  width: '100%',
  padding: `${vars.space['2']} ${vars.space['2']}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  fontSize: vars.fontSize.sm,
  textAlign: 'left',
  textDecoration: 'none',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.surfaceMuted } },
});
