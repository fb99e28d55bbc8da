import { style, styleVariants } from '@vanilla-extract/css';

import * as button from '../../../components/Button.css';
import { minWidth } from '../../../styles/breakpoints';
import {
  badge as badgeRule,
  card as cardRecipe,
  field as fieldRule,
  listReset,
  muted as mutedText,
  notice as noticeRecipe,
  title,
} from '../../../styles/primitives.css';
import { sprinkles } from '../../../styles/sprinkles.css';
import { vars } from '../../../styles/theme.css';

export const list = style([listReset, sprinkles({ display: 'flex', flexDirection: 'column', gap: '3' })]);

export const card = style([
  cardRecipe(),
  sprinkles({ display: 'grid', alignItems: 'center', gap: '3' }),
  { gridTemplateColumns: 'minmax(0, 1fr) auto' },
]);

export const cardMain = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: '1' }), { minWidth: 0 }]);

export const cardTitle = style([
  sprinkles({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' }),
  { fontWeight: 700 },
]);

export const muted = mutedText;

export const price = style({ fontWeight: 700, fontSize: vars.fontSize.md });

const badgeBase = style([
  badgeRule,
  { display: 'inline-flex', alignItems: 'center', borderRadius: vars.radius.pill, textTransform: 'capitalize' },
]);

/**
 * Spec point 2: dispatched green, cancelled red, processing yellow; delivered in the brand's colour;
 * awaiting payment (issue 17) neutral, before any of them; packed (issue 18), between processing
 * and dispatched, in the brand's soft colour.
 */
export const badge = styleVariants({
  'awaiting-payment': [
    badgeBase,
    { background: vars.color.surfaceMuted, color: vars.color.text, border: vars.border.hairline },
  ],
  dispatched: [badgeBase, { background: vars.color.successSoft, color: vars.color.success }],
  cancelled: [badgeBase, { background: vars.color.dangerSoft, color: vars.color.danger }],
  processing: [badgeBase, { background: vars.color.warningSoft, color: vars.color.warning }],
  packed: [badgeBase, { background: vars.color.brandSoft, color: vars.color.brandStrong }],
  delivered: [badgeBase, { background: vars.color.brand, color: vars.color.textInverse }],
});

export const detailsLink = style([button.base, button.tone.outline, button.size.sm, { minHeight: '40px' }]);

export const pager = sprinkles({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3' });

export const section = style([cardRecipe(), sprinkles({ display: 'flex', flexDirection: 'column', gap: '3' })]);

export const sectionTitle = title.lg;

export const statusRow = sprinkles({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' });

export const itemRow = style([
  sprinkles({ display: 'grid', alignItems: 'center', gap: '3' }),
  { gridTemplateColumns: '56px minmax(0, 1fr) auto' },
]);

/** An item's price, under its MRP when discounted: the name keeps the row's width on a phone. */
export const itemPrice = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' });

export const itemImage = style([
  cardRecipe({ radius: 'md', padding: 'none' }),
  { width: '56px', height: '56px', objectFit: 'contain' },
]);

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

export const th = style({ textAlign: 'left', fontWeight: 400, padding: `${vars.space['1']} 0` });
export const td = style({ textAlign: 'right', padding: `${vars.space['1']} 0` });
export const totalRow = style({ fontWeight: 700, borderTop: vars.border.hairline });

export const dl = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space['2'],
  margin: 0,
  '@media': { [minWidth('md')]: { gridTemplateColumns: '160px minmax(0, 1fr)' } },
});

export const dt = mutedText;
export const dd = style({ margin: 0, overflowWrap: 'anywhere' });

export const actions = sprinkles({ display: 'flex', flexWrap: 'wrap', gap: '3' });

export const error = noticeRecipe({ tone: 'danger' });

export const notice = noticeRecipe({ tone: 'success' });

export const select = style([fieldRule, { width: '100%', padding: vars.space['2'], fontSize: vars.fontSize.md }]);

export const field = sprinkles({ display: 'flex', flexDirection: 'column', gap: '1' });

export const payBox = style([
  noticeRecipe({ tone: 'warning' }),
  sprinkles({ display: 'flex', flexDirection: 'column', gap: '2' }),
]);

export const payLink = style([button.base, button.tone.primary, button.size.md, { alignSelf: 'flex-start' }]);

/** The order's timeline (issue 19): a vertical list of steps joined by a line. */
export const timeline = style([listReset, sprinkles({ display: 'flex', flexDirection: 'column', gap: '2' })]);

export const step = style({
  display: 'grid',
  gridTemplateColumns: '16px minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space['3'],
});

const dotBase = style({ width: '12px', height: '12px', borderRadius: '50%', justifySelf: 'center' });

export const dot = styleVariants({
  done: [dotBase, { background: vars.color.success }],
  current: [dotBase, { background: vars.color.brand, boxShadow: `0 0 0 3px ${vars.color.successSoft}` }],
  ahead: [dotBase, { background: vars.color.surfaceMuted, border: vars.border.hairline }],
});

export const stepLabel = styleVariants({
  done: { fontWeight: 600 },
  current: { fontWeight: 700 },
  ahead: { color: vars.color.textMuted },
});

export const eta = style({ fontWeight: 700, fontSize: vars.fontSize.md });

export const stale = style([noticeRecipe({ tone: 'warning' }), { margin: 0 }]);
