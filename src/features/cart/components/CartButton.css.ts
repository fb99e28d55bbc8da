import { style, styleVariants } from '@vanilla-extract/css';

import { maxWidth } from '../../../styles/breakpoints';
import { brandFill } from '../../../styles/rules';
import { vars } from '../../../styles/theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '48px',
  padding: `${vars.space['1']} ${vars.space['3']}`,
  border: 0,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  whiteSpace: 'nowrap',
  transition: 'background-color 120ms ease',
  // A phone's header row holds the back arrow, the logo, Login and this button (Header.css).
  '@media': { [maxWidth('sm')]: { gap: vars.space['1'], paddingInline: vars.space['2'] } },
});

/** The icon keeps its size when the row is tight; the text has the room it needs. */
export const icon = style({ flexShrink: 0 });

/** Green once the cart holds something; muted while it is empty. */
export const button = styleVariants({
  filled: [base, brandFill],
  empty: [
    base,
    {
      background: vars.color.surfaceMuted,
      color: vars.color.textMuted,
      selectors: { '&:hover': { background: vars.color.border } },
    },
  ],
});

export const summary = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', lineHeight: 1.2 });
