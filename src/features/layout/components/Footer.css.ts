import { globalStyle, style } from '@vanilla-extract/css';

import { minWidth } from '../../../styles/breakpoints';
import { brandFill, column, field as fieldRule, listReset } from '../../../styles/rules';
import { vars } from '../../../styles/theme.css';

export const footer = style({
  marginTop: vars.space['12'],
  background: vars.color.surfaceMuted,
  borderTop: vars.border.hairline,
});

export const inner = style({
  ...column,
  gap: vars.space['8'],
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  padding: `${vars.space['8']} ${vars.space['4']}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const columns = style({
  display: 'grid',
  gap: vars.space['8'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [minWidth('sm')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [minWidth('lg')]: { gridTemplateColumns: '1.4fr 1fr 0.8fr 1fr 1.6fr' },
  },
});

export const about = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const columnTitle = style({
  marginBottom: vars.space['3'],
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  color: vars.color.text,
});

export const links = style({ ...listReset, ...column, gap: vars.space['2'] });

globalStyle(`${inner} a`, { color: vars.color.text, textDecoration: 'none' });
globalStyle(`${inner} a:hover`, { color: vars.color.brand, textDecoration: 'underline' });
// A link inside a sentence must not rely on colour alone to stand out.
globalStyle(`${inner} p a`, { textDecoration: 'underline' });

export const side = style({ display: 'flex', flexDirection: 'column', gap: vars.space['6'] });

export const subscribe = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const fieldLabel = style({ fontWeight: 600, color: vars.color.text });

export const subscribeRow = style({ display: 'flex', gap: vars.space['2'] });

const field = style({ ...fieldRule, borderRadius: vars.radius.sm, fontSize: vars.fontSize.sm });

export const emailInput = style([
  field,
  {
    flex: 1,
    minWidth: 0,
    selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
  },
]);

export const subscribeButton = style({
  ...brandFill,
  minHeight: '44px',
  padding: `0 ${vars.space['4']}`,
  borderRadius: vars.radius.sm,
  fontWeight: 600,
});

export const error = style({ minHeight: '1.5em', color: vars.color.danger, fontWeight: 600 });

export const success = style({ minHeight: '1.5em', color: vars.color.success, fontWeight: 600 });

export const region = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const select = style([field, { maxWidth: '220px' }]);

export const note = style({ fontSize: vars.fontSize.xs });

export const copyright = style({ paddingTop: vars.space['4'], borderTop: vars.border.hairline });
