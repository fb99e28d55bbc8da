import { style } from '@vanilla-extract/css';

import { notice } from '../../../styles/primitives.css';
import { vars } from '../../../styles/theme.css';

export const section = style([
  notice({ tone: 'danger' }),
  {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space['2'],
    marginBottom: vars.space['4'],
    fontSize: vars.fontSize.sm,
  },
]);

export const text = style({ margin: 0 });

export const actions = style({ display: 'flex', gap: vars.space['2'] });
