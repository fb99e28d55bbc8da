import { style } from '@vanilla-extract/css';

import {
  card as cardRecipe,
  field as fieldRule,
  listReset,
  muted as mutedText,
  notice,
  title as titles,
} from '../../../styles/primitives.css';
import { sprinkles } from '../../../styles/sprinkles.css';
import { vars } from '../../../styles/theme.css';

const column = sprinkles({ display: 'flex', flexDirection: 'column', gap: '3' });

export const card = style([cardRecipe(), column]);

export const balanceCard = style([cardRecipe({ tone: 'brand' }), column]);

export const balance = style({ fontSize: vars.fontSize.xxl, fontWeight: 700, color: vars.color.brandStrong });

export const title = titles.lg;

export const form = sprinkles({
  display: 'flex',
  flexDirection: { base: 'column', md: 'row' },
  alignItems: { md: 'flex-end' },
  gap: '2',
});

export const field = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: '1' }), { flex: 1 }]);

export const input = style([
  fieldRule,
  { fontSize: vars.fontSize.md, letterSpacing: '0.08em', textTransform: 'uppercase' },
]);

export const muted = mutedText;

export const error = notice({ tone: 'danger' });

export const success = notice({ tone: 'success' });

export const history = style([listReset, sprinkles({ display: 'flex', flexDirection: 'column' })]);

export const entry = style([
  sprinkles({ display: 'flex', justifyContent: 'space-between', gap: '3' }),
  { padding: `${vars.space['2']} 0`, borderBottom: vars.border.hairline },
]);

export const credit = style({ color: vars.color.success, fontWeight: 700, whiteSpace: 'nowrap' });
export const debit = style({ fontWeight: 700, whiteSpace: 'nowrap' });

export const list = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: '1' }),
  { margin: 0, paddingLeft: vars.space['5'] },
]);
