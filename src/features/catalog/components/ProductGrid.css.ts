import { style } from '@vanilla-extract/css';

import { minWidth } from '../../../styles/breakpoints';
import { listReset } from '../../../styles/rules';
import { vars } from '../../../styles/theme.css';

export const grid = style({
  ...listReset,
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': {
    [minWidth('md')]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [minWidth('lg')]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
    [minWidth('xxl')]: { gridTemplateColumns: 'repeat(6, minmax(0, 1fr))' },
  },
});
