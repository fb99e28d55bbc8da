import { style } from '@vanilla-extract/css';

import { minWidth } from '../../../styles/breakpoints';
import { vars } from '../../../styles/theme.css';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const balanceCard = style([card, { background: vars.color.brandSoft, borderColor: vars.color.brandSoft }]);

export const balance = style({ fontSize: vars.fontSize.xxl, fontWeight: 700, color: vars.color.brandStrong });

export const title = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  '@media': { [minWidth('md')]: { flexDirection: 'row', alignItems: 'flex-end' } },
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], flex: 1 });

export const input = style({
  minHeight: '44px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.md,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const error = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
});

export const success = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.successSoft,
  color: vars.color.success,
});

export const history = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });

export const entry = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: `${vars.space['2']} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const credit = style({ color: vars.color.success, fontWeight: 700, whiteSpace: 'nowrap' });
export const debit = style({ fontWeight: 700, whiteSpace: 'nowrap' });

export const list = style({
  margin: 0,
  paddingLeft: vars.space['5'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
});
