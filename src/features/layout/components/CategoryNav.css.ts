import { style } from '@vanilla-extract/css';

import { maxWidth } from '../../../styles/breakpoints';
import { listReset, menuItem } from '../../../styles/rules';
import { vars } from '../../../styles/theme.css';
import { NAV_WIDE_MEDIA_QUERY } from '../constants';

export const nav = style({
  borderTop: vars.border.hairline,
  '@media': { [maxWidth('md')]: { display: 'none' } },
});

export const list = style({
  display: 'grid',
  // One equal column per item, so long names wrap instead of pushing 'More' off screen.
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(0, 1fr)',
  alignItems: 'stretch',
  maxWidth: vars.layout.maxWidth,
  minHeight: '48px',
  ...listReset,
  margin: '0 auto',
  padding: `0 ${vars.space['4']}`,
});

export const slot = style({ display: 'flex', minWidth: 0 });

/** In the bar only when 8 slots fit (a 'More' entry otherwise). */
export const wideOnly = style({ display: 'none', '@media': { [NAV_WIDE_MEDIA_QUERY]: { display: 'flex' } } });

/** Shown only when 6 slots fit: 'More', or an entry in it that the wide bar shows. */
export const narrowOnly = style({ '@media': { [NAV_WIDE_MEDIA_QUERY]: { display: 'none' } } });

export const link = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  minHeight: '48px',
  padding: `${vars.space['1']} ${vars.space['2']}`,
  border: 0,
  borderBottom: '3px solid transparent',
  borderRadius: 0,
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
  lineHeight: 1.25,
  textAlign: 'center',
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.brand, background: 'transparent' },
    '&[data-status="active"]': { color: vars.color.brand, fontWeight: 700, borderBottomColor: vars.color.brand },
  },
});

export const activeTrigger = style({ color: vars.color.brand, fontWeight: 700, borderBottomColor: vars.color.brand });

export const moreRoot = style({ width: '100%' });

export const morePanel = style({ minWidth: '240px' });

export const moreList = style(listReset);

export const moreLink = style({
  ...menuItem,
  fontSize: vars.fontSize.sm,
  selectors: {
    ...menuItem.selectors,
    '&[data-status="active"]': { color: vars.color.brand, fontWeight: 700 },
  },
});
