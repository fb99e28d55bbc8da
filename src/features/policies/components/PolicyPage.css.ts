import { globalStyle, style } from '@vanilla-extract/css';

import { column, listReset } from '../../../styles/rules';
import { vars } from '../../../styles/theme.css';

export const page = style({
  ...column,
  gap: vars.space['6'],
  maxWidth: '760px',
  margin: '0 auto',
  paddingBottom: vars.space['8'],
  lineHeight: 1.65,
});

export const header = style({ ...column, gap: vars.space['2'] });

export const title = style({ fontSize: vars.fontSize.xxl, fontWeight: 800, lineHeight: 1.2 });

export const intro = style({ color: vars.color.textMuted, fontSize: vars.fontSize.lg });

export const facts = style({
  padding: `${vars.space['4']} ${vars.space['5']}`,
  borderLeft: `4px solid ${vars.color.brand}`,
  borderRadius: vars.radius.md,
  background: vars.color.brandSoft,
});

export const factsTitle = style({ marginBottom: vars.space['2'], fontSize: vars.fontSize.md, fontWeight: 700 });

export const section = style({ ...column, gap: vars.space['3'] });

export const sectionTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });

export const list = style({ margin: 0, paddingLeft: vars.space['5'] });

globalStyle(`${list} > li + li`, { marginTop: vars.space['1'] });

globalStyle(`${page} a`, { color: vars.color.brand, fontWeight: 600 });

export const others = style({
  ...column,
  gap: vars.space['2'],
  paddingTop: vars.space['4'],
  borderTop: vars.border.hairline,
});

export const otherList = style({
  ...listReset,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['2']} ${vars.space['6']}`,
});
