import { style } from '@vanilla-extract/css';

import { card as cardRecipe, iconButton, listReset } from '../../../styles/primitives.css';
import { brandFill } from '../../../styles/rules';
import { sprinkles } from '../../../styles/sprinkles.css';
import { vars } from '../../../styles/theme.css';

export const content = sprinkles({ display: 'flex', flexDirection: 'column', gap: '3' });

/** A white block on the sheet's muted ground. */
export const card = style([cardRecipe({ tone: 'flat', radius: 'md' }), content]);

export const muted = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const eta = sprinkles({ display: 'flex', alignItems: 'center', gap: '3' });

export const etaIcon = style({
  display: 'inline-flex',
  padding: vars.space['2'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  color: vars.color.brand,
});

export const etaTitle = style({ fontSize: vars.fontSize.md, fontWeight: 700 });

export const list = style([listReset, { outline: 'none' }]);

export const back = iconButton;

export const proceed = style([
  sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3' }),
  {
    ...brandFill,
    width: '100%',
    minHeight: '56px',
    padding: `${vars.space['2']} ${vars.space['4']}`,
    textAlign: 'left',
  },
]);

export const proceedTotal = style([
  sprinkles({ display: 'flex', flexDirection: 'column' }),
  { order: -1, lineHeight: 1.2 },
]);

export const proceedCaption = style({ fontSize: vars.fontSize.xs, fontWeight: 600 });

export const proceedLabel = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });
