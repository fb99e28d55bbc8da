import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';

import { minWidth } from './breakpoints';
import { vars } from './theme.css';

/**
 * Layout atoms (stack, row, cluster) for `.css.ts` files to compose: `style([sprinkles({...}), {...}])`.
 * Every value in every condition becomes a class in the first-load stylesheet, so the set stays
 * small: flex and grid alignment, the gaps in use, and one breakpoint (md) for layouts that turn.
 */
const layout = defineProperties({
  conditions: {
    base: {},
    md: { '@media': minWidth('md') },
  },
  defaultCondition: 'base',
  properties: {
    display: ['flex', 'inline-flex', 'grid'],
    flexDirection: ['row', 'column'],
    flexWrap: ['wrap'],
    alignItems: ['flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['flex-end', 'space-between'],
    // The gaps lists and rows use; wider spacing is a page layout's own business.
    gap: {
      '1': vars.space['1'],
      '2': vars.space['2'],
      '3': vars.space['3'],
      '4': vars.space['4'],
      '6': vars.space['6'],
    },
  },
});

export const sprinkles = createSprinkles(layout);
export type Sprinkles = Parameters<typeof sprinkles>[0];
