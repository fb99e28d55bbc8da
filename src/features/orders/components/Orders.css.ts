import { style, styleVariants } from '@vanilla-extract/css';

import { minWidth } from '../../../styles/breakpoints';
import { vars } from '../../../styles/theme.css';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
});

export const card = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const cardMain = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0 });

export const cardTitle = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  fontWeight: 700,
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const price = style({ fontWeight: 700, fontSize: vars.fontSize.md });

const badgeBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  textTransform: 'capitalize',
});

/** Spec point 2: dispatched green, cancelled red, processing yellow; delivered in the brand's colour. */
export const badge = styleVariants({
  dispatched: [badgeBase, { background: vars.color.successSoft, color: vars.color.success }],
  cancelled: [badgeBase, { background: vars.color.dangerSoft, color: vars.color.danger }],
  processing: [badgeBase, { background: vars.color.warningSoft, color: vars.color.warning }],
  delivered: [badgeBase, { background: vars.color.brand, color: vars.color.textInverse }],
});

export const detailsLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '40px',
  padding: `${vars.space['1']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.brand}`,
  borderRadius: vars.radius.md,
  color: vars.color.brand,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: { '&:hover': { background: vars.color.brandSoft } },
});

export const pager = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space['3'],
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const sectionTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });

export const statusRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'] });

export const itemRow = style({
  display: 'grid',
  gridTemplateColumns: '56px minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space['3'],
});

export const itemImage = style({
  width: '56px',
  height: '56px',
  objectFit: 'contain',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

export const th = style({ textAlign: 'left', fontWeight: 400, padding: `${vars.space['1']} 0` });
export const td = style({ textAlign: 'right', padding: `${vars.space['1']} 0` });
export const totalRow = style({ fontWeight: 700, borderTop: `1px solid ${vars.color.border}` });

export const dl = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space['2'],
  margin: 0,
  '@media': { [minWidth('md')]: { gridTemplateColumns: '160px minmax(0, 1fr)' } },
});

export const dt = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const dd = style({ margin: 0, overflowWrap: 'anywhere' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'] });

export const error = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
});

export const notice = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.successSoft,
  color: vars.color.success,
});

export const select = style({
  width: '100%',
  minHeight: '44px',
  padding: vars.space['2'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.md,
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });
