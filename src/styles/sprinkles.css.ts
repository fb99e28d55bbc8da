import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';

import { minWidth } from './breakpoints';
import { vars } from './theme.css';

/**
 * Layout atoms (stack, row, cluster) for `.css.ts` files to compose: `style([sprinkles({...}), {...}])`.
 * Every value in every condition becomes a class in the first-load stylesheet, so the set stays
 * small: flex layout only, and the two breakpoints layouts change at.
 */
const layout = defineProperties({
  conditions: {
    base: {},
    md: { '@media': minWidth('md') },
    lg: { '@media': minWidth('lg') },
  },
  defaultCondition: 'base',
  properties: {
    display: ['none', 'flex', 'inline-flex', 'grid'],
    flexDirection: ['row', 'column'],
    flexWrap: ['wrap'],
    alignItems: ['flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['center', 'flex-end', 'space-between'],
    gap: vars.space,
  },
});

export const sprinkles = createSprinkles(layout);
export type Sprinkles = Parameters<typeof sprinkles>[0];
