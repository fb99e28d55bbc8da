import { style } from '@vanilla-extract/css';

import { vars } from '../../../styles/theme.css';

export const form = style({ position: 'relative', display: 'flex', alignItems: 'center', width: '100%', minWidth: 0 });

export const icon = style({
  position: 'absolute',
  left: vars.space['3'],
  color: vars.color.textMuted,
  pointerEvents: 'none',
});

export const input = style({
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space['2']} ${vars.space['3']} ${vars.space['2']} 40px`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  fontSize: vars.fontSize.sm,
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&:focus': { background: vars.color.surface, borderColor: vars.color.brand },
  },
});

export const hidden = style({ display: 'none' });

export const popup = style({
  position: 'absolute',
  top: 'calc(100% + 6px)',
  left: 0,
  right: 0,
  zIndex: 60,
  padding: vars.space['1'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['2'],
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.brandSoft, outline: `2px solid ${vars.color.brand}` },
  },
});

export const thumb = style({
  flexShrink: 0,
  width: '44px',
  height: '44px',
  borderRadius: vars.radius.sm,
  objectFit: 'cover',
  background: vars.color.surfaceMuted,
});

export const text = style({ display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 });

export const name = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const pack = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const price = style({ fontSize: vars.fontSize.sm, fontWeight: 700, whiteSpace: 'nowrap' });

export const seeAll = style([
  option,
  { color: vars.color.brand, fontSize: vars.fontSize.sm, fontWeight: 600, justifyContent: 'center' },
]);

export const status = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
