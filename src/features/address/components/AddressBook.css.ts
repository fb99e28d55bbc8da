import { style } from '@vanilla-extract/css';

import { vars } from '../../../styles/theme.css';

export const book = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const banners = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const banner = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});

export const bannerText = style({ flex: 1 });

export const dismiss = style({
  flex: 'none',
  width: '32px',
  height: '32px',
  marginBlock: '-6px',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: 'inherit',
  fontSize: vars.fontSize.lg,
  selectors: { '&:hover': { background: 'rgba(198, 40, 40, 0.1)' } },
});

export const addButton = style({ alignSelf: 'flex-start' });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
});

export const card = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

export const choice = style([
  card,
  {
    width: '100%',
    textAlign: 'left',
    font: 'inherit',
    color: 'inherit',
    cursor: 'pointer',
    selectors: {
      '&[aria-pressed="true"]': { borderColor: vars.color.brand, background: vars.color.brandSoft },
      '&:disabled': { cursor: 'default', opacity: 0.7 },
    },
  },
]);

export const tagIcon = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
  color: vars.color.brand,
});

export const cardBody = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const tag = style({ fontWeight: 700 });

export const lines = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const badge = style({
  alignSelf: 'flex-start',
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
});

export const menuTrigger = style({
  width: '40px',
  height: '40px',
  justifyContent: 'center',
  borderRadius: vars.radius.pill,
});

export const menu = style({ listStyle: 'none', margin: 0, padding: vars.space['1'], minWidth: '140px' });

export const menuItem = style({
  display: 'block',
  width: '100%',
  minHeight: '40px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  textAlign: 'left',
  fontSize: vars.fontSize.md,
  selectors: { '&:hover, &:focus-visible': { background: vars.color.surfaceMuted } },
});

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['8']} ${vars.space['4']}`,
  textAlign: 'center',
  color: vars.color.textMuted,
});

export const dangerButton = style({
  background: vars.color.danger,
  borderColor: vars.color.danger,
  selectors: { '&:hover:not(:disabled)': { background: '#a31f1f' } },
});
