import { style } from '@vanilla-extract/css';

import { notice } from '../../../styles/primitives.css';
import { row, spread } from '../../../styles/rules';
import { vars } from '../../../styles/theme.css';

export const section = style([
  notice({ tone: 'danger' }),
  {
    ...spread,
    flexWrap: 'wrap',
    gap: vars.space['2'],
    marginBottom: vars.space['4'],
    fontSize: vars.fontSize.sm,
  },
]);

export const text = style({ margin: 0 });

export const actions = style({ ...row, gap: vars.space['2'] });
