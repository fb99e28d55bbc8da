import { style } from '@vanilla-extract/css';

import { sprinkles } from '../../../styles/sprinkles.css';
import { vars } from '../../../styles/theme.css';

export const page = sprinkles({ display: 'flex', flexDirection: 'column', gap: '4' });

export const bar = sprinkles({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: '3',
});

export const title = style({ fontSize: vars.fontSize.xl, fontWeight: 700, overflowWrap: 'anywhere' });

export { muted } from '../../../styles/primitives.css';

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm });

export const more = style({ display: 'flex', justifyContent: 'center', paddingTop: vars.space['2'] });

/** The corrected search the results are for ('tomato' for 'tomatoe'). */
export const corrected = style({ color: vars.color.text, fontWeight: 600 });
