import { style } from '@vanilla-extract/css';

import { minWidth } from '../../../styles/breakpoints';
import { vars } from '../../../styles/theme.css';

export const grid = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': {
    [minWidth('md')]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [minWidth('lg')]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
    [minWidth('xxl')]: { gridTemplateColumns: 'repeat(6, minmax(0, 1fr))' },
  },
});
