import { style } from '@vanilla-extract/css';

import { centred } from '../styles/rules';
import { sprinkles } from '../styles/sprinkles.css';
import { vars } from '../styles/theme.css';

export const root = style([
  sprinkles({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3' }),
  {
    padding: `${vars.space['12']} ${vars.space['4']}`,
    borderRadius: vars.radius.md,
    background: vars.color.surface,
    textAlign: 'center',
  },
]);

export const icon = style({
  ...centred,
  width: '72px',
  height: '72px',
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brand,
});

// A page's empty state takes the focus when it opens; the heading shows no ring for that.
export const title = style({ fontSize: vars.fontSize.lg, fontWeight: 700, outline: 'none' });

export const body = style({ maxWidth: '36em', fontSize: vars.fontSize.sm, color: vars.color.textMuted });
