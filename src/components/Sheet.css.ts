import { globalStyle, keyframes, style } from '@vanilla-extract/css';

import { minWidth } from '../styles/breakpoints';
import { vars } from '../styles/theme.css';

const slideIn = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'none' } });

export const sheet = style({
  // A modal <dialog> is centred by the UA stylesheet (margin: auto, inset: 0); pin it right instead.
  position: 'fixed',
  inset: '0 0 0 auto',
  margin: 0,
  width: '100%',
  maxWidth: '100%',
  height: '100dvh',
  maxHeight: '100dvh',
  padding: 0,
  border: 0,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  boxShadow: vars.shadow.raised,
  selectors: {
    '&[open]': { animation: `${slideIn} 200ms ease-out` },
    '&::backdrop': { background: 'rgba(0, 0, 0, 0.5)' },
  },
  '@media': {
    [minWidth('md')]: { width: '400px' },
    '(prefers-reduced-motion: reduce)': { selectors: { '&[open]': { animation: 'none' } } },
  },
});

// The page behind a modal sheet is inert but would still scroll under the finger on phones.
globalStyle(`html:has(${sheet}[open])`, { overflow: 'hidden' });

export const layout = style({ display: 'flex', flexDirection: 'column', height: '100%' });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({ flex: 1, fontSize: vars.fontSize.lg, fontWeight: 700, outline: 'none' });

export const close = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});

export const body = style({
  flex: 1,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: vars.space['3'],
});

export const footer = style({
  padding: vars.space['3'],
  // Keeps the action clear of the home indicator on notched phones.
  paddingBottom: `max(${vars.space['3']}, env(safe-area-inset-bottom))`,
  background: vars.color.surface,
  boxShadow: '0 -2px 8px rgba(0, 0, 0, 0.06)',
});
