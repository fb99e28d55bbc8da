import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';

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

export const panel = recipe({
  base: { display: 'flex', flexDirection: 'column', padding: vars.space['6'] },
  variants: {
    density: {
      // A title, a few lines and the actions.
      compact: { gap: vars.space['3'] },
      // A header with buttons above a form (sign-in).
      comfortable: { gap: vars.space['4'] },
    },
  },
  defaultVariants: { density: 'compact' },
});

export const title = style({ fontSize: vars.fontSize.lg, fontWeight: 700, outline: 'none' });

export const body = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  marginTop: vars.space['2'],
});
