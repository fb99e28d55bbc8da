import { style } from '@vanilla-extract/css';

import { chip, listReset } from '../../../styles/primitives.css';
import { sprinkles } from '../../../styles/sprinkles.css';
import { vars } from '../../../styles/theme.css';

export const nav = sprinkles({ display: 'flex', flexDirection: 'column', gap: '3' });

export const heading = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });

export const list = style([listReset, sprinkles({ display: 'flex', flexWrap: 'wrap', gap: '2' })]);

export const link = style([
  chip,
  sprinkles({ display: 'inline-flex', alignItems: 'center' }),
  {
    minHeight: '40px',
    padding: `${vars.space['2']} ${vars.space['4']}`,
    fontSize: vars.fontSize.sm,
    fontWeight: 600,
    textDecoration: 'none',
    selectors: { '&:hover': { borderColor: vars.color.brand, color: vars.color.brand } },
  },
]);
