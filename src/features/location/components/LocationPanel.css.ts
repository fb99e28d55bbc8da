import { style } from '@vanilla-extract/css';

import { vars } from '../../../styles/theme.css';

export const cityButton = style({
  width: '100%',
  minHeight: '36px',
  padding: `${vars.space['1']} ${vars.space['2']}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  textAlign: 'left',
  font: 'inherit',
  color: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&[aria-pressed="true"]': { background: vars.color.brandSoft, fontWeight: 700 },
  },
});

export const result = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  background: vars.color.surfaceMuted,
});

export const served = style([result, { background: vars.color.brandSoft, color: vars.color.brandStrong }]);
export const notServed = style([result, { background: vars.color.dangerSoft, color: vars.color.danger }]);
export const eta = style({ fontSize: vars.fontSize.md, fontWeight: 700 });
