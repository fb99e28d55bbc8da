import { style } from '@vanilla-extract/css';

import { column, field, floating, listReset, mutedText, row, twoLines } from '../../../styles/rules';
import { vars } from '../../../styles/theme.css';

export const form = style({ position: 'relative', display: 'flex', alignItems: 'center', width: '100%', minWidth: 0 });

export const icon = style({
  position: 'absolute',
  left: vars.space['3'],
  color: vars.color.textMuted,
  pointerEvents: 'none',
});

export const input = style({
  ...field,
  width: '100%',
  padding: `${vars.space['2']} ${vars.space['3']} ${vars.space['2']} 40px`,
  background: vars.color.surfaceMuted,
  fontSize: vars.fontSize.sm,
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&:focus': { background: vars.color.surface, borderColor: vars.color.brand },
  },
});

export const hidden = style({ display: 'none' });

export const popup = style({
  ...floating,
  position: 'absolute',
  top: 'calc(100% + 6px)',
  left: 0,
  right: 0,
  zIndex: 60,
  padding: vars.space['1'],
});

export const list = style(listReset);

export const option = style({
  ...row,
  gap: vars.space['3'],
  padding: vars.space['2'],
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.brandSoft, outline: `2px solid ${vars.color.brand}` },
  },
});

export const thumb = style({
  flexShrink: 0,
  width: '44px',
  height: '44px',
  borderRadius: vars.radius.sm,
  objectFit: 'cover',
  background: vars.color.surfaceMuted,
});

export const text = style({ ...column, minWidth: 0, flex: 1 });

// Two lines: on a phone one line cuts 'Aashirvaad Shudh Chakki Atta' before what tells two packs apart.
export const name = style({ ...twoLines, fontSize: vars.fontSize.sm, fontWeight: 600, lineHeight: 1.3 });

export const pack = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const price = style({ fontSize: vars.fontSize.sm, fontWeight: 700, whiteSpace: 'nowrap' });

export const seeAll = style([
  option,
  { color: vars.color.brand, fontSize: vars.fontSize.sm, fontWeight: 600, justifyContent: 'center' },
]);

export const status = style({ padding: `${vars.space['2']} ${vars.space['3']}`, ...mutedText });
