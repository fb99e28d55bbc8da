import { globalStyle, style } from '@vanilla-extract/css';

import { minWidth } from '../../../styles/breakpoints';
import { column, row } from '../../../styles/rules';
import { vars } from '../../../styles/theme.css';

/**
 * Notices float above the page's foot, clear of the floating cart bar on phones (it publishes
 * its height as --floating-bar-offset), and never wider than a phone screen.
 */
export const region = style({
  position: 'fixed',
  left: vars.space['3'],
  right: vars.space['3'],
  bottom: `calc(max(${vars.space['3']}, env(safe-area-inset-bottom)) + var(--floating-bar-offset, 0px))`,
  zIndex: 60,
  ...column,
  alignItems: 'center',
  gap: vars.space['2'],
  pointerEvents: 'none',
  '@media': {
    [minWidth('md')]: { left: 'auto', right: vars.space['6'], bottom: vars.space['6'], alignItems: 'flex-end' },
  },
});

const card = style({
  pointerEvents: 'auto',
  width: '100%',
  maxWidth: '26rem',
  boxSizing: 'border-box',
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  padding: `${vars.space['3']} ${vars.space['4']}`,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.45,
});

export const banner = style([
  card,
  {
    ...row,
    gap: vars.space['2'],
    background: vars.color.text,
    color: vars.color.textInverse,
  },
]);

export const bannerOnline = style({ background: vars.color.success });

export const prompt = style([
  card,
  { background: vars.color.surface, color: vars.color.text, border: vars.border.hairline },
]);

export const promptTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: 700 });

export const promptText = style({ margin: `${vars.space['1']} 0 ${vars.space['3']}` });

export const promptActions = style({
  display: 'flex',
  gap: vars.space['2'],
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
});

/** The 'Not available offline' screen, put into the page's main region in place of its content. */
export const notSaved = style({});

// While it is there, the page it stands for (a spinner that would turn forever) is hidden.
globalStyle(`main:has(> ${notSaved}) > :not(${notSaved})`, { display: 'none' });
