import { globalStyle, style } from '@vanilla-extract/css';

import { vars } from '../../../styles/theme.css';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const heading = style({ fontSize: vars.fontSize.md, fontWeight: 700 });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

globalStyle(`${table} th`, { padding: `${vars.space['1']} 0`, textAlign: 'left', fontWeight: 400 });
globalStyle(`${table} td`, { padding: `${vars.space['1']} 0`, textAlign: 'right', whiteSpace: 'nowrap' });

export const label = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['1'] });

export const info = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  // A 24 px target around a 14 px glyph (WCAG 2.2 target size).
  width: '24px',
  height: '24px',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.textMuted,
  selectors: { '&:hover': { background: vars.color.surfaceMuted, color: vars.color.text } },
});

export const struck = style({ marginRight: vars.space['1'], color: vars.color.textMuted });

export const free = style({ color: vars.color.success, fontWeight: 700 });

export const grandTotal = style({});
globalStyle(`${grandTotal} th, ${grandTotal} td`, {
  paddingTop: vars.space['2'],
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
});

export const savings = style({
  display: 'flex',
  justifyContent: 'space-between',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});
