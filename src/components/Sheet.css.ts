import { globalStyle, keyframes, style } from '@vanilla-extract/css';

import { minWidth } from '../styles/breakpoints';
import { iconButton, screenDialog } from '../styles/rules';
import { vars } from '../styles/theme.css';

const slideIn = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'none' } });

export const sheet = style({
  // A modal <dialog> is centred by the UA stylesheet (margin: auto, inset: 0); pin it right instead.
  ...screenDialog,
  inset: '0 0 0 auto',
  background: vars.color.surfaceMuted,
  boxShadow: vars.shadow.raised,
  selectors: {
    ...screenDialog.selectors,
    '&[open]': { animation: `${slideIn} 200ms ease-out` },
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
  borderBottom: vars.border.hairline,
});

export const title = style({ flex: 1, fontSize: vars.fontSize.lg, fontWeight: 700, outline: 'none' });

export const close = style(iconButton);

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
