import { style } from '@vanilla-extract/css';

import { column } from '../styles/rules';
import { vars } from '../styles/theme.css';

export const screen = style({
  ...column,
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['4'],
  padding: `${vars.space['12']} ${vars.space['4']}`,
  textAlign: 'center',
  minHeight: '50vh',
});

export const title = style({ fontSize: vars.fontSize.xl, fontWeight: 700 });

export const body = style({ color: vars.color.textMuted, maxWidth: '36em' });

export const actions = style({ display: 'flex', gap: vars.space['3'], flexWrap: 'wrap', justifyContent: 'center' });
