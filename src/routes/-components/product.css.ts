import { style } from '@vanilla-extract/css';

import { minWidth } from '../../styles/breakpoints';
import { vars } from '../../styles/theme.css';

export const layout = style({
  display: 'grid',
  gap: vars.space['6'],
  alignItems: 'start',
  '@media': { [minWidth('md')]: { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)', gap: vars.space['10'] } },
});

export const imageBox = style({
  position: 'relative',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
  '@media': { [minWidth('md')]: { position: 'sticky', top: `calc(${vars.layout.headerHeight} + ${vars.space['4']})` } },
});

export const image = style({ width: '100%', aspectRatio: '1 / 1' });

export const details = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const brand = style({ color: vars.color.brand, fontWeight: 700, fontSize: vars.fontSize.sm });

export const name = style({ fontSize: vars.fontSize.xxl, fontWeight: 800, lineHeight: 1.2 });

export const rating = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
});

export const stars = style({ color: '#f5a623', letterSpacing: '2px' });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const priceRow = style({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: vars.space['3'] });

export const price = style({ fontSize: vars.fontSize.xxl, fontWeight: 800 });

export const mrp = style({ color: vars.color.textMuted, textDecoration: 'line-through' });

export const badge = style({
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.discount,
  color: vars.color.textInverse,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const factTerm = style({ color: vars.color.textMuted });

export const factValue = style({ margin: 0, fontWeight: 600 });

export const packs = style({
  display: 'flex',
  gap: vars.space['2'],
  flexWrap: 'wrap',
  border: 0,
  padding: 0,
  margin: 0,
});

export const packLegend = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  marginBottom: vars.space['2'],
  padding: 0,
});

export const pack = style({
  padding: `${vars.space['2']} ${vars.space['4']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontWeight: 600,
  selectors: {
    '&[aria-pressed="true"]': {
      borderColor: vars.color.brand,
      background: vars.color.brandSoft,
      color: vars.color.brandStrong,
    },
  },
});

export const cityForm = style({ display: 'flex', gap: vars.space['2'], flexWrap: 'wrap' });

export const cityInput = style({
  flex: '1 1 220px',
  minHeight: '44px',
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const cityAnswer = style({ fontSize: vars.fontSize.sm, fontWeight: 600 });
export const cityYes = style({ color: vars.color.success });
export const cityNo = style({ color: vars.color.danger });

export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'], flexWrap: 'wrap' });

export const actionButton = style({ flex: '1 1 160px' });

export const description = style({ lineHeight: 1.6 });

export const sectionTitle = style({
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  margin: `${vars.space['8']} 0 ${vars.space['3']}`,
});

export const soldOut = style({ color: vars.color.danger, fontWeight: 700 });
