import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';

import { badge } from '../../../styles/primitives.css';
import { twoLines } from '../../../styles/rules';
import { sprinkles } from '../../../styles/sprinkles.css';
import { vars } from '../../../styles/theme.css';

export const line = recipe({
  base: {
    display: 'grid',
    gridTemplateColumns: '64px minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: vars.space['3'],
    padding: `${vars.space['3']} 0`,
    selectors: { '& + &': { borderTop: vars.border.hairline } },
  },
  variants: {
    unavailable: {
      true: { color: vars.color.textMuted },
      false: {},
    },
  },
});

export const image = style({
  width: '64px',
  height: '64px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  border: vars.border.hairline,
  background: vars.color.surfaceMuted,
  selectors: { [`${line.classNames.variants.unavailable.true} &`]: { filter: 'grayscale(1)', opacity: 0.6 } },
});

export const info = style([sprinkles({ display: 'flex', flexDirection: 'column' }), { gap: '2px', minWidth: 0 }]);

export const name = style({ ...twoLines, fontSize: vars.fontSize.sm, fontWeight: 600, lineHeight: 1.3 });

export const muted = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const price = style([
  sprinkles({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline' }),
  { columnGap: vars.space['2'], fontSize: vars.fontSize.sm, fontWeight: 700 },
]);

export const mrp = style({ fontSize: vars.fontSize.xs, fontWeight: 400, color: vars.color.textMuted });

export const discount = style({ fontSize: vars.fontSize.xs, fontWeight: 600, color: vars.color.discount });

export const unavailable = style({ fontSize: vars.fontSize.xs, fontWeight: 700, color: vars.color.danger });

export const priceUpdated = style([
  badge,
  {
    alignSelf: 'flex-start',
    padding: `0 ${vars.space['1']}`,
    background: vars.color.warningSoft,
    color: vars.color.warning,
    fontWeight: 600,
  },
]);

export const actions = sprinkles({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '1' });

export const remove = style({
  padding: `${vars.space['1']} ${vars.space['2']}`,
  border: 0,
  background: 'transparent',
  color: vars.color.danger,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
});
