import { style } from '@vanilla-extract/css';

import { minWidth } from '../../styles/breakpoints';
import { badge as badge_ } from '../../styles/primitives.css';
import * as rules from '../../styles/rules';
import { sprinkles } from '../../styles/sprinkles.css';
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
  border: vars.border.hairline,
  overflow: 'hidden',
  '@media': { [minWidth('md')]: { position: 'sticky', top: `calc(${vars.layout.headerHeight} + ${vars.space['4']})` } },
});

export const image = style({ width: '100%', aspectRatio: '1 / 1' });

export const details = sprinkles({ display: 'flex', flexDirection: 'column', gap: '4' });

export const brand = style({ color: vars.color.brand, fontWeight: 700, fontSize: vars.fontSize.sm });

export const name = style({ fontSize: vars.fontSize.xxl, fontWeight: 800, lineHeight: 1.2 });

export const rating = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: '2' }),
  { fontSize: vars.fontSize.sm },
]);

export const stars = style({ color: '#f5a623', letterSpacing: '2px' });

export { muted } from '../../styles/primitives.css';

export const priceRow = sprinkles({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '3' });

export const price = style({ fontSize: vars.fontSize.xxl, fontWeight: 800 });

export const mrp = style({ color: vars.color.textMuted, textDecoration: 'line-through' });

export const badge = style([badge_, { background: vars.color.discount, color: vars.color.textInverse }]);

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const factTerm = style({ color: vars.color.textMuted });

export const factValue = style({ margin: 0, fontWeight: 600 });

export const packs = style([
  sprinkles({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  { border: 0, padding: 0, margin: 0 },
]);

export const packLegend = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  marginBottom: vars.space['2'],
  padding: 0,
});

export const pack = style({
  ...rules.chip,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  fontWeight: 600,
});

export const cityForm = sprinkles({ display: 'flex', flexWrap: 'wrap', gap: '2' });

export const cityInput = style({ ...rules.field, flex: '1 1 220px', padding: `0 ${vars.space['3']}` });

export const cityHelp = style({ ...rules.mutedText, flexBasis: '100%', fontSize: vars.fontSize.xs });

export const cityAnswer = style({ fontSize: vars.fontSize.sm, fontWeight: 600 });
export const cityYes = style({ color: vars.color.success });
export const cityNo = style({ color: vars.color.danger });

export const actions = sprinkles({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '3' });

export const actionButton = style({ flex: '1 1 160px' });

export const description = style({ lineHeight: 1.6 });

export const sectionTitle = style({
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  margin: `${vars.space['8']} 0 ${vars.space['3']}`,
});

export const soldOut = style({ color: vars.color.danger, fontWeight: 700 });
