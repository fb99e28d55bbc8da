import { style } from '@vanilla-extract/css';

import * as button from '../../../components/Button.css';
import { minWidth } from '../../../styles/breakpoints';
import {
  card as cardRecipe,
  listReset,
  muted as mutedText,
  notice,
  title as titles,
} from '../../../styles/primitives.css';
import { sprinkles } from '../../../styles/sprinkles.css';
import { vars } from '../../../styles/theme.css';

export const page = style({
  display: 'grid',
  gap: vars.space['4'],
  paddingBlock: vars.space['4'],
  '@media': { [minWidth('lg')]: { gridTemplateColumns: 'minmax(0, 1fr) 380px', alignItems: 'start' } },
});

export const title = style([titles.xl, { outline: 'none' }]);

export const column = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: '4' }), { minWidth: 0 }]);

export const aside = style([
  column,
  {
    '@media': {
      [minWidth('lg')]: { position: 'sticky', top: `calc(${vars.layout.headerHeight} + ${vars.space['4']})` },
    },
  },
]);

export const card = style([cardRecipe(), sprinkles({ display: 'flex', flexDirection: 'column', gap: '3' })]);

export const cardHeader = sprinkles({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '2',
});

export const cardTitle = titles.lg;

export const muted = mutedText;

export const list = style([listReset, sprinkles({ display: 'flex', flexDirection: 'column', gap: '3' })]);

export const item = style([
  sprinkles({ display: 'grid', alignItems: 'center', gap: '3' }),
  { gridTemplateColumns: '48px minmax(0, 1fr) auto' },
]);

export const itemImage = style([
  cardRecipe({ radius: 'md', padding: 'none' }),
  { width: '48px', height: '48px', objectFit: 'contain' },
]);

export const problem = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: 600 });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
export const th = style({ textAlign: 'left', fontWeight: 400, padding: `${vars.space['1']} 0` });
export const td = style({ textAlign: 'right', padding: `${vars.space['1']} 0`, whiteSpace: 'nowrap' });
export const total = style({ fontWeight: 700, fontSize: vars.fontSize.md, borderTop: vars.border.hairline });
export const savings = style({ color: vars.color.success, fontWeight: 600, fontSize: vars.fontSize.sm });

export const option = style([
  cardRecipe({ radius: 'md', padding: 'none' }),
  sprinkles({ display: 'flex', alignItems: 'center', gap: '3' }),
  {
    minHeight: '44px',
    padding: `${vars.space['2']} ${vars.space['3']}`,
    cursor: 'pointer',
    selectors: { '&:has(input:checked)': { borderColor: vars.color.brand, background: vars.color.brandSoft } },
  },
]);

export const error = notice({ tone: 'danger' });

export const info = notice({ tone: 'warning' });

export const eta = style({ color: vars.color.brandStrong, fontWeight: 700 });

export const placeButton = style({ width: '100%' });

export const linkButton = style([button.base, button.tone.primary, button.size.md]);

export const emptyPage = style({ marginBlock: '24px' });

export const payPage = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: '4' }),
  { maxWidth: '520px', marginInline: 'auto', paddingBlock: vars.space['4'], width: '100%' },
]);

export const secondaryLink = style([button.base, button.tone.outline, button.size.md]);
