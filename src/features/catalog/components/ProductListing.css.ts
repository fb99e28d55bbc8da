import { style } from '@vanilla-extract/css';

import { minWidth } from '../../../styles/breakpoints';
import { vars } from '../../../styles/theme.css';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: '84px minmax(0, 1fr)',
  gap: vars.space['3'],
  alignItems: 'start',
  '@media': { [minWidth('md')]: { gridTemplateColumns: '220px minmax(0, 1fr)', gap: vars.space['5'] } },
});

export const sidebar = style({
  position: 'sticky',
  top: `calc(${vars.layout.headerHeight} + ${vars.space['2']})`,
  maxHeight: `calc(100vh - ${vars.layout.headerHeight} - ${vars.space['4']})`,
  overflowY: 'auto',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  borderRight: `1px solid ${vars.color.border}`,
});

export const entry = style({
  display: 'flex',
  flexDirection: 'column',
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

export const content = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], minWidth: 0 });

export const toolbar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  flexWrap: 'wrap',
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
