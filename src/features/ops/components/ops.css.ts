import { style } from '@vanilla-extract/css';

import { minWidth } from '../../../styles/breakpoints';
import { card, field, notice } from '../../../styles/primitives.css';
import * as rules from '../../../styles/rules';
import { vars } from '../../../styles/theme.css';

/**
 * The console's own shell (decision 038): a packing-station tablet (768 px) first, a phone
 * (360 px) and a desk screen (1440 px) as well. Nothing here is in the shopper's first load.
 */
export const frame = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' });

export const skipLink = style(rules.skipLink);

/** The slim header: the brand, who is signed in and where, and sign-out. Two rows on a phone. */
export const bar = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  gridTemplateAreas: '"brand . signout" "who who who"',
  alignItems: 'center',
  columnGap: vars.space['3'],
  rowGap: vars.space['1'],
  padding: `${vars.space['2']} ${vars.space['4']}`,
  background: vars.color.surface,
  borderBottom: vars.border.hairline,
  '@media': {
    [minWidth('md')]: {
      gridTemplateColumns: 'auto minmax(0, 1fr) auto',
      gridTemplateAreas: '"brand who signout"',
      minHeight: '56px',
    },
  },
});

export const brand = style({
  gridArea: 'brand',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '44px',
  fontSize: vars.fontSize.lg,
  fontWeight: 800,
  letterSpacing: '-0.02em',
  color: vars.color.text,
  textDecoration: 'none',
});

export const brandMark = style({ color: vars.color.brand });

export const brandTag = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  padding: `${vars.space['1']} ${vars.space['2']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
});

export const who = style({
  gridArea: 'who',
  margin: 0,
  minWidth: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const signOut = style({ gridArea: 'signout', justifySelf: 'end' });

/** The navigation beside the page from 992 px; above it, as a row of tabs, below that. */
export const body = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignContent: 'start',
  '@media': {
    [minWidth('lg')]: { gridTemplateColumns: '12rem minmax(0, 1fr)', alignItems: 'start' },
  },
});

export const bodyAlone = style({ flex: 1, width: '100%', maxWidth: '40rem', margin: '0 auto' });

export const page = style({
  minWidth: 0,
  padding: vars.space['4'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  selectors: { '&:focus': { outline: 'none' } },
});

/** A section's own heading row (the catalogue's title and its "Add a product"). */
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

export const nav = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  padding: `${vars.space['3']} ${vars.space['4']} 0`,
  '@media': {
    [minWidth('lg')]: {
      flexDirection: 'column',
      flexWrap: 'nowrap',
      position: 'sticky',
      top: 0,
      padding: `${vars.space['4']} 0 ${vars.space['4']} ${vars.space['4']}`,
    },
  },
});

export const navLink = style({
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.pill,
  border: vars.border.hairline,
  color: vars.color.text,
  textDecoration: 'none',
  minHeight: '44px',
  display: 'inline-flex',
  alignItems: 'center',
  selectors: {
    '&[aria-current="page"]': { background: vars.color.brandSoft, borderColor: vars.color.brand, fontWeight: 700 },
  },
  '@media': { [minWidth('lg')]: { borderRadius: vars.radius.md } },
});

export const panel = style([card(), { display: 'flex', flexDirection: 'column', gap: vars.space['3'] }]);

export const split = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: '1fr',
  '@media': { [minWidth('md')]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});

export const toolbar = style({ display: 'flex', gap: vars.space['2'], flexWrap: 'wrap', alignItems: 'flex-end' });

export const input = style([field, { width: '100%', font: 'inherit' }]);

export const label = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  fontWeight: 600,
  flex: 1,
});

export const hint = style({ fontWeight: 400, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const fieldError = style({ color: vars.color.danger, fontWeight: 400, fontSize: vars.fontSize.sm });

export const row = style({ display: 'flex', gap: vars.space['3'], flexWrap: 'wrap' });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });

export const item = style({
  display: 'grid',
  gridTemplateColumns: '48px minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['2']} 0`,
  borderBottom: vars.border.hairline,
});

export const itemButton = style({
  all: 'unset',
  cursor: 'pointer',
  display: 'contents',
});

export const selected = style({ background: vars.color.brandSoft });

export const thumb = style({ width: '48px', height: '48px', objectFit: 'contain', borderRadius: vars.radius.sm });

export const name = style({ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const error = style([notice({ tone: 'danger' })]);

export const success = style([notice({ tone: 'success' })]);

export const warning = style([notice({ tone: 'warning' })]);

export const preview = style({
  width: '160px',
  height: '160px',
  objectFit: 'contain',
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const progress = style({ width: '100%', height: '12px' });

export const radios = style({
  border: 0,
  padding: 0,
  margin: 0,
  display: 'flex',
  gap: vars.space['3'],
  flexWrap: 'wrap',
});

export const radio = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['2'], minHeight: '44px' });

export const auditItem = style({
  padding: `${vars.space['3']} 0`,
  borderBottom: vars.border.hairline,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
});

export const code = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: vars.fontSize.xs,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  background: vars.color.surfaceMuted,
  padding: vars.space['2'],
  borderRadius: vars.radius.sm,
  margin: 0,
});
