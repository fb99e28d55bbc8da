import { style } from '@vanilla-extract/css';

import { maxWidth, minWidth } from '../../../styles/breakpoints';
import { iconButton, listReset, menuItem, mutedText } from '../../../styles/rules';
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
  '@media': { [maxWidth('sm')]: { paddingInline: vars.space['2'] } },
});

export const desktop = style({ '@media': { [maxWidth('md')]: { display: 'none' } } });

export const trigger = style({ fontSize: vars.fontSize.md, fontWeight: 600, whiteSpace: 'nowrap' });

export const mobileLink = style({
  ...iconButton,
  color: vars.color.text,
  '@media': { [minWidth('md')]: { display: 'none' } },
});

export const panel = style({ width: '240px' });

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const heading = style({ padding: `0 ${vars.space['2']}`, fontWeight: 700 });

export const mobile = style({
  padding: `0 ${vars.space['2']} ${vars.space['2']}`,
  ...mutedText,
  borderBottom: vars.border.hairline,
});

export const list = style(listReset);

export const item = style({ ...menuItem, padding: vars.space['2'], fontSize: vars.fontSize.sm });
