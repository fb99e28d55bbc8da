import { keyframes, style } from '@vanilla-extract/css';

import { centred } from '../styles/rules';
import { vars } from '../styles/theme.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  width: '36px',
  height: '36px',
  border: `4px solid ${vars.color.brandSoft}`,
  borderTopColor: vars.color.brand,
  borderRadius: '50%',
  animation: `${spin} 800ms linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2400ms' } },
});

export const inline = style({ display: 'flex', justifyContent: 'center', padding: vars.space['10'] });

export const fullScreen = style({
  ...centred,
  display: 'flex',
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  background: 'rgba(255, 255, 255, 0.75)',
});
