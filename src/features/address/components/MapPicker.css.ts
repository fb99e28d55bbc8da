import { globalStyle, style } from '@vanilla-extract/css';

import { vars } from '../../../styles/theme.css';

export const picker = style({
  position: 'relative',
  flex: 1,
  minHeight: '320px',
  display: 'flex',
  flexDirection: 'column',
});

export const map = style({ flex: 1, minHeight: '260px', background: vars.color.surfaceMuted, zIndex: 0 });

export const toolbar = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderBottom: `1px solid ${vars.color.border}`,
});

export const search = style({ position: 'relative' });

export const searchInput = style({
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  font: 'inherit',
});

export const options = style({
  position: 'absolute',
  zIndex: 1000,
  top: 'calc(100% + 4px)',
  left: 0,
  right: 0,
  margin: 0,
  padding: vars.space['1'],
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
});

export const option = style({
  display: 'flex',
  flexDirection: 'column',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: { '&[aria-selected="true"], &:hover': { background: vars.color.surfaceMuted } },
});

export const optionSecondary = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const footer = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderTop: `1px solid ${vars.color.border}`,
});

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

export const locating = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
