import { style } from '@vanilla-extract/css';

import { minWidth } from '../../../styles/breakpoints';
import { column, listReset } from '../../../styles/rules';
import { sprinkles } from '../../../styles/sprinkles.css';
import { vars } from '../../../styles/theme.css';

export const layout = style([
  sprinkles({ display: 'grid', alignItems: 'flex-start' }),
  {
    gridTemplateColumns: '84px minmax(0, 1fr)',
    gap: vars.space['3'],
    '@media': { [minWidth('md')]: { gridTemplateColumns: '220px minmax(0, 1fr)', gap: vars.space['5'] } },
  },
]);

/** The grid's item, so that it stays in view while the products scroll (on the list it never stuck). */
export const sidebar = style({
  position: 'sticky',
  top: `calc(${vars.layout.headerHeight} + ${vars.space['2']})`,
  // Within what is visible (the phone's address bar shown or not), above the floating cart bar.
  maxHeight: [
    `calc(100vh - ${vars.layout.headerHeight} - ${vars.space['4']})`,
    `calc(100dvh - ${vars.layout.headerHeight} - ${vars.space['4']} - var(--floating-bar-offset, 0px))`,
  ],
  overflowY: 'auto',
  borderRight: vars.border.hairline,
});

export const sidebarList = style(listReset);

export const entry = style({
  ...column,
  alignItems: 'center',
  gap: vars.space['1'],
  width: '100%',
  padding: `${vars.space['2']} ${vars.space['1']}`,
  border: 'none',
  borderLeft: '4px solid transparent',
  background: 'transparent',
  fontSize: vars.fontSize.xs,
  textAlign: 'center',
  lineHeight: 1.2,
  color: vars.color.textMuted,
  '@media': {
    [minWidth('md')]: {
      flexDirection: 'row',
      gap: vars.space['3'],
      textAlign: 'left',
      fontSize: vars.fontSize.sm,
      padding: `${vars.space['2']} ${vars.space['3']}`,
    },
  },
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&[aria-current="true"]': {
      borderLeftColor: vars.color.brand,
      background: vars.color.brandSoft,
      color: vars.color.text,
      fontWeight: 700,
    },
  },
});

export const entryImage = style({ width: '44px', height: '44px', borderRadius: vars.radius.md, flexShrink: 0 });

export const content = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: '3' }), { minWidth: 0 }]);

export const toolbar = sprinkles({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: '3',
});

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  '@media': { [minWidth('md')]: { fontSize: vars.fontSize.xl } },
});

export const count = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const more = style({ display: 'flex', justifyContent: 'center', padding: vars.space['4'] });

export const empty = style({ padding: vars.space['8'], textAlign: 'center', color: vars.color.textMuted });

/** The previous products stay while the next sort or sub-category loads. */
export const updating = style({ opacity: 0.6, transition: 'opacity 150ms ease' });
