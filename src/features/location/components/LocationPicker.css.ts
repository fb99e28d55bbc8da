import { style } from '@vanilla-extract/css';

import * as rules from '../../../styles/rules';
import { vars } from '../../../styles/theme.css';

export const trigger = style({ maxWidth: '100%', fontSize: vars.fontSize.sm, fontWeight: 600 });

export const pin = style({ flexShrink: 0, color: vars.color.brand });

export const label = style(rules.oneLine);

export const panel = style({ width: 'min(340px, calc(100vw - 24px))', padding: vars.space['4'] });

export const body = style({ ...rules.column, gap: vars.space['3'] });

export const title = style({ fontSize: vars.fontSize.md, fontWeight: 700 });

export const row = style({ display: 'flex', gap: vars.space['2'] });

export const search = style({
  ...rules.field,
  flex: 1,
  minWidth: 0,
  minHeight: '40px',
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
});

export const detect = style({
  ...rules.row,
  display: 'inline-flex',
  gap: vars.space['1'],
  padding: `0 ${vars.space['3']}`,
  border: vars.border.brand,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.brand,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});

export const subtitle = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
});

export const cities = style({
  ...rules.listReset,
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['2'],
});

export const city = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  fontSize: vars.fontSize.sm,
});

export const empty = style(rules.mutedText);
