import { globalStyle, style } from '@vanilla-extract/css';

import { maxWidth, minWidth } from '../../../styles/breakpoints';
import { chip, field as field_ } from '../../../styles/primitives.css';
import { screenDialog } from '../../../styles/rules';
import { sprinkles } from '../../../styles/sprinkles.css';
import { vars } from '../../../styles/theme.css';

export const editor = style({
  // Full screen on phones, a large centred panel from the md breakpoint.
  ...screenDialog,
  inset: 0,
  background: vars.color.surface,
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

export const header = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: '2' }),
  { padding: `${vars.space['3']} ${vars.space['4']}`, borderBottom: vars.border.hairline },
]);

export const title = style({ flex: 1, fontSize: vars.fontSize.lg, fontWeight: 700, outline: 'none' });

export { iconButton } from '../../../styles/primitives.css';

export const panes = style({
  flex: 1,
  minHeight: 0,
  display: 'grid',
  '@media': { [minWidth('md')]: { gridTemplateColumns: 'minmax(0, 1.3fr) minmax(320px, 1fr)' } },
});

export const pane = style([sprinkles({ display: 'flex', flexDirection: 'column' }), { minHeight: 0 }]);

// On phones one step at a time: the map, then (after Confirm) the form.
export const hiddenOnPhone = style({ '@media': { [maxWidth('md')]: { display: 'none' } } });

export const phoneOnly = style({ '@media': { [minWidth('md')]: { display: 'none' } } });

export const formPane = style([
  pane,
  {
    overflowY: 'auto',
    padding: vars.space['4'],
    '@media': { [minWidth('md')]: { borderLeft: vars.border.hairline } },
  },
]);

export const form = sprinkles({ display: 'flex', flexDirection: 'column', gap: '4' });

export const formTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 700, outline: 'none' });

export const field = sprinkles({ display: 'flex', flexDirection: 'column', gap: '1' });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 600 });

export const input = style([
  field_,
  {
    selectors: {
      '&[aria-invalid="true"]': { borderColor: vars.color.danger },
      '&[readonly]': { background: vars.color.surfaceMuted, color: vars.color.textMuted },
    },
  },
]);

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm });

export const tags = style([
  sprinkles({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  { border: 0, padding: 0, margin: 0 },
]);

export const tagButton = style([
  chip,
  {
    minHeight: '36px',
    padding: `${vars.space['1']} ${vars.space['4']}`,
    selectors: { '&[aria-pressed="true"]': { fontWeight: 600 } },
  },
]);

export const localityRow = sprinkles({ display: 'flex', gap: '2' });

export const grow = style({ flex: 1, minWidth: 0 });

export const submit = style({ width: '100%' });

export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
