import { globalStyle, style } from '@vanilla-extract/css';

import { maxWidth, minWidth } from '../../../styles/breakpoints';
import { vars } from '../../../styles/theme.css';

export const editor = style({
  // Full screen on phones, a large centred panel from the md breakpoint.
  position: 'fixed',
  inset: 0,
  margin: 0,
  width: '100%',
  maxWidth: '100%',
  height: '100dvh',
  maxHeight: '100dvh',
  padding: 0,
  border: 0,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: { '&::backdrop': { background: 'rgba(0, 0, 0, 0.5)' } },
  '@media': {
    [minWidth('md')]: {
      inset: '0',
      margin: 'auto',
      width: 'min(calc(100% - 48px), 1040px)',
      height: 'min(calc(100dvh - 48px), 680px)',
      borderRadius: vars.radius.lg,
      boxShadow: vars.shadow.raised,
    },
  },
});

globalStyle(`html:has(${editor}[open])`, { overflow: 'hidden' });

export const layout = style({ display: 'flex', flexDirection: 'column', height: '100%' });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({ flex: 1, fontSize: vars.fontSize.lg, fontWeight: 700, outline: 'none' });

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});

export const panes = style({
  flex: 1,
  minHeight: 0,
  display: 'grid',
  '@media': { [minWidth('md')]: { gridTemplateColumns: 'minmax(0, 1.3fr) minmax(320px, 1fr)' } },
});

export const pane = style({ minHeight: 0, display: 'flex', flexDirection: 'column' });

// On phones one step at a time: the map, then (after Confirm) the form.
export const hiddenOnPhone = style({ '@media': { [maxWidth('md')]: { display: 'none' } } });

export const phoneOnly = style({ '@media': { [minWidth('md')]: { display: 'none' } } });

export const formPane = style([
  pane,
  {
    overflowY: 'auto',
    padding: vars.space['4'],
    '@media': { [minWidth('md')]: { borderLeft: `1px solid ${vars.color.border}` } },
  },
]);

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const formTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 700, outline: 'none' });

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 600 });

export const input = style({
  minHeight: '44px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  font: 'inherit',
  background: vars.color.surface,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&[readonly]': { background: vars.color.surfaceMuted, color: vars.color.textMuted },
  },
});

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm });

export const tags = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  border: 0,
  padding: 0,
  margin: 0,
});

export const tagButton = style({
  minHeight: '36px',
  padding: `${vars.space['1']} ${vars.space['4']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  font: 'inherit',
  selectors: {
    '&[aria-pressed="true"]': {
      borderColor: vars.color.brand,
      background: vars.color.brandSoft,
      color: vars.color.brandStrong,
      fontWeight: 600,
    },
  },
});

export const localityRow = style({ display: 'flex', gap: vars.space['2'], alignItems: 'stretch' });

export const grow = style({ flex: 1, minWidth: 0 });

export const submit = style({ width: '100%' });
