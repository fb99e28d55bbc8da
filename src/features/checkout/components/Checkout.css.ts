import { style } from '@vanilla-extract/css';

import { minWidth } from '../../../styles/breakpoints';
import { vars } from '../../../styles/theme.css';

export const page = style({
  display: 'grid',
  gap: vars.space['4'],
  paddingBlock: vars.space['4'],
  '@media': { [minWidth('lg')]: { gridTemplateColumns: 'minmax(0, 1fr) 380px', alignItems: 'start' } },
});

export const title = style({ fontSize: vars.fontSize.xl, fontWeight: 700, outline: 'none' });

export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'], minWidth: 0 });

export const aside = style([
  column,
  {
    '@media': {
      [minWidth('lg')]: { position: 'sticky', top: `calc(${vars.layout.headerHeight} + ${vars.space['4']})` },
    },
  },
]);

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

export const cardHeader = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space['2'],
});

export const cardTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
});

export const item = style({
  display: 'grid',
  gridTemplateColumns: '48px minmax(0, 1fr) auto',
  gap: vars.space['3'],
  alignItems: 'center',
});

export const itemImage = style({
  width: '48px',
  height: '48px',
  objectFit: 'contain',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const problem = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: 600 });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
export const th = style({ textAlign: 'left', fontWeight: 400, padding: `${vars.space['1']} 0` });
export const td = style({ textAlign: 'right', padding: `${vars.space['1']} 0`, whiteSpace: 'nowrap' });
export const total = style({
  fontWeight: 700,
  fontSize: vars.fontSize.md,
  borderTop: `1px solid ${vars.color.border}`,
});
export const savings = style({ color: vars.color.success, fontWeight: 600, fontSize: vars.fontSize.sm });

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: '44px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.brand, background: vars.color.brandSoft } },
});

export const error = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
});

export const info = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warning,
});

export const eta = style({ color: vars.color.brandStrong, fontWeight: 700 });

export const placeButton = style({ width: '100%' });

export const linkButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '44px',
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  background: vars.color.brand,
  color: vars.color.textInverse,
  fontWeight: 600,
  textDecoration: 'none',
});
