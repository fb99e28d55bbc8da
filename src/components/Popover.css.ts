import { style, styleVariants } from '@vanilla-extract/css';

import { floating, row } from '../styles/rules';
import { vars } from '../styles/theme.css';

export const root = style({ position: 'relative', display: 'inline-flex', minWidth: 0 });

export const trigger = style({
  ...row,
  display: 'inline-flex',
  gap: vars.space['1'],
  minWidth: 0,
  minHeight: '40px',
  padding: `${vars.space['1']} ${vars.space['2']}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&[aria-expanded="true"]': { background: vars.color.surfaceMuted },
  },
});

export const chevron = style({
  flexShrink: 0,
  transition: 'transform 120ms ease',
  selectors: { [`${trigger}[aria-expanded="true"] &`]: { transform: 'rotate(180deg)' } },
});

const panelBase = style({
  ...floating,
  position: 'absolute',
  top: 'calc(100% + 6px)',
  zIndex: 60,
  minWidth: '220px',
  maxWidth: 'min(360px, calc(100vw - 24px))',
  padding: vars.space['2'],
});

export const panel = styleVariants({
  start: [panelBase, { left: 0 }],
  end: [panelBase, { right: 0 }],
});
