import { style } from '@vanilla-extract/css';

import { maxWidth, minWidth } from '../../../styles/breakpoints';
import { iconButton, row } from '../../../styles/rules';
import { vars } from '../../../styles/theme.css';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 50,
  background: vars.color.surface,
  borderBottom: vars.border.hairline,
});

/*
 * Mobile: logo and actions on the first row, the location on the second, search on the third.
 * The first row must hold the back arrow, the logo, Login and a filled cart button at 320 px, so
 * it has no empty column (and gap) between them, and below 480 px the actions sit closer.
 * From 768 px everything sits on one row.
 */
export const bar = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gridTemplateAreas: '"start actions" "location location" "search search"',
  alignItems: 'center',
  columnGap: vars.space['2'],
  rowGap: vars.space['1'],
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  '@media': {
    [minWidth('md')]: {
      // The location's column has a set width: its label changes after start (the spec's
      // 'Maharashtra, India', then the shopper's chosen place) and must not push the search box.
      gridTemplateColumns: 'auto minmax(0, 14rem) minmax(0, 1fr) auto',
      gridTemplateAreas: '"start location search actions"',
      columnGap: vars.space['4'],
      minHeight: vars.layout.barHeight,
      padding: `${vars.space['2']} ${vars.space['4']}`,
    },
  },
});

export const start = style({ ...row, gridArea: 'start', gap: vars.space['1'] });

export const back = style({
  ...iconButton,
  marginLeft: `calc(-1 * ${vars.space['2']})`,
  '@media': { [minWidth('md')]: { display: 'none' } },
});

export const logo = style({
  ...row,
  display: 'inline-flex',
  minHeight: '40px',
  fontSize: vars.fontSize.xl,
  fontWeight: 800,
  letterSpacing: '-0.02em',
  textDecoration: 'none',
  color: vars.color.text,
  '@media': { [maxWidth('md')]: { fontSize: vars.fontSize.lg } },
});

export const logoMark = style({ color: vars.color.brand });

export const location = style({
  gridArea: 'location',
  justifySelf: 'start',
  maxWidth: '100%',
  '@media': { [maxWidth('md')]: { marginLeft: `calc(-1 * ${vars.space['2']})` } },
});

export const search = style({ gridArea: 'search' });

export const actions = style({
  ...row,
  gridArea: 'actions',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  '@media': { [maxWidth('sm')]: { gap: vars.space['1'] } },
});
