import { style } from '@vanilla-extract/css';

import { vars } from '../../../styles/theme.css';

export const content = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const muted = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const eta = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'] });

export const etaIcon = style({
  display: 'inline-flex',
  padding: vars.space['2'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  color: vars.color.brand,
});

export const etaTitle = style({ fontSize: vars.fontSize.md, fontWeight: 700 });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, outline: 'none' });

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['12']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  textAlign: 'center',
});

export const emptyIcon = style({
  display: 'inline-flex',
  padding: vars.space['4'],
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brand,
});

export const emptyTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });

export const back = style({
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

export const proceed = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  width: '100%',
  minHeight: '56px',
  padding: `${vars.space['2']} ${vars.space['4']}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: vars.color.brand,
  color: vars.color.textInverse,
  textAlign: 'left',
  selectors: { '&:hover': { background: vars.color.brandStrong } },
});

export const proceedTotal = style({
  order: -1,
  display: 'flex',
  flexDirection: 'column',
  lineHeight: 1.2,
});

export const proceedCaption = style({ fontSize: vars.fontSize.xs, fontWeight: 600 });

export const proceedLabel = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });

export const emptyBody = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
