import { keyframes, style } from '@vanilla-extract/css';

import { vars } from '../styles/theme.css';

const rise = keyframes({
  from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});

export const dialog = style({
  width: 'min(calc(100% - 32px), 420px)',
  maxHeight: 'calc(100dvh - 32px)',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.raised,
  selectors: {
    '&[open]': { animation: `${rise} 160ms ease-out` },
    '&::backdrop': { background: 'rgba(0, 0, 0, 0.5)' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { selectors: { '&[open]': { animation: 'none' } } } },
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['6'],
});

export const title = style({ fontSize: vars.fontSize.lg, fontWeight: 700, outline: 'none' });

export const body = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  marginTop: vars.space['2'],
});
