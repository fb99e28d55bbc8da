import { globalStyle, style } from '@vanilla-extract/css';

import { field, floating, listReset } from '../../../styles/primitives.css';
import { sprinkles } from '../../../styles/sprinkles.css';
import { vars } from '../../../styles/theme.css';

const column = sprinkles({ display: 'flex', flexDirection: 'column' });

/** The strips above and below the map. */
const bar = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: '2' }), { padding: vars.space['3'] }]);

export const picker = style([column, { position: 'relative', flex: 1, minHeight: '320px' }]);

export const map = style({ flex: 1, minHeight: '260px', background: vars.color.surfaceMuted, zIndex: 0 });

export const toolbar = style([bar, { borderBottom: vars.border.hairline }]);

export const search = style({ position: 'relative' });

export const searchInput = style([field, { width: '100%' }]);

export const options = style([
  listReset,
  floating,
  { position: 'absolute', zIndex: 1000, top: 'calc(100% + 4px)', left: 0, right: 0, padding: vars.space['1'] },
]);

export const option = style([
  column,
  {
    padding: `${vars.space['2']} ${vars.space['3']}`,
    borderRadius: vars.radius.sm,
    cursor: 'pointer',
    selectors: { '&[aria-selected="true"], &:hover': { background: vars.color.surfaceMuted } },
  },
]);

export const optionSecondary = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const footer = style([bar, { borderTop: vars.border.hairline }]);

export const place = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, minHeight: '1.4em' });

export const placeName = style({ color: vars.color.text, fontWeight: 600 });

export const alert = style({
  position: 'absolute',
  zIndex: 1000,
  left: vars.space['3'],
  right: vars.space['3'],
  bottom: '120px',
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  background: vars.color.danger,
  color: vars.color.textInverse,
  fontSize: vars.fontSize.sm,
  boxShadow: vars.shadow.raised,
});

export const pin = style({ color: vars.color.danger });

// Leaflet sizes a div icon's box itself; the SVG fills it.
globalStyle(`${pin} svg`, { display: 'block', width: '100%', height: '100%' });

export const blocked = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const locating = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const footerActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  justifyContent: 'flex-end',
});

export const searchOffline = style([
  floating,
  {
    position: 'absolute',
    zIndex: 1000,
    top: 'calc(100% + 4px)',
    left: 0,
    right: 0,
    padding: `${vars.space['2']} ${vars.space['3']}`,
    fontSize: vars.fontSize.sm,
  },
]);
