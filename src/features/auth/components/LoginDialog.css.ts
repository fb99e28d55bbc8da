import { style } from '@vanilla-extract/css';

import { iconButton as iconButtonRule } from '../../../styles/rules';
import { vars } from '../../../styles/theme.css';

export const header = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'], minHeight: '40px' });

export const title = style({ flex: 1, fontSize: vars.fontSize.lg, fontWeight: 700 });

export const iconButton = style({ ...iconButtonRule, flexShrink: 0 });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const lead = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const number = style({ color: vars.color.text, whiteSpace: 'nowrap' });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 600 });

export const phoneField = style({
  display: 'flex',
  alignItems: 'center',
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: {
    '&:focus-within': { borderColor: vars.color.brand, boxShadow: `0 0 0 2px ${vars.color.brandSoft}` },
    '&:has([aria-invalid])': { borderColor: vars.color.danger },
  },
});

export const prefix = style({
  padding: `0 ${vars.space['3']}`,
  fontWeight: 600,
  borderRight: vars.border.hairline,
});

export const phoneInput = style({
  flex: 1,
  minWidth: 0,
  minHeight: '48px',
  padding: `0 ${vars.space['3']}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  fontSize: vars.fontSize.lg,
  letterSpacing: '0.04em',
  // The field's border shows focus; the outline would double it.
  selectors: { '&:focus-visible': { outline: 'none' } },
});

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: 600 });

export const notice = style({ color: vars.color.success, fontSize: vars.fontSize.sm });

export const submit = style({ width: '100%' });

export const otpBoxes = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space['2'] });

export const otpBox = style({
  // Inputs keep a wide intrinsic minimum; without this six boxes overflow a 360 px phone.
  minWidth: 0,
  width: '100%',
  maxWidth: '48px',
  height: '52px',
  padding: 0,
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  textAlign: 'center',
  selectors: {
    '&:focus': { borderColor: vars.color.brand, boxShadow: `0 0 0 2px ${vars.color.brandSoft}` },
    '&[aria-invalid]': { borderColor: vars.color.danger },
  },
});

export const resendRow = style({ display: 'flex', justifyContent: 'center', minHeight: '32px', alignItems: 'center' });

export const muted = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});

export const linkButton = style({
  minHeight: '32px',
  padding: `0 ${vars.space['2']}`,
  border: 0,
  background: 'transparent',
  color: vars.color.brand,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  selectors: { '&:disabled': { opacity: 0.5, cursor: 'not-allowed' } },
});

export const success = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['4']} 0`,
  textAlign: 'center',
});

export const successIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '56px',
  height: '56px',
  borderRadius: vars.radius.pill,
  background: vars.color.successSoft,
  color: vars.color.success,
});

export const successText = style({ fontWeight: 700, outline: 'none' });
