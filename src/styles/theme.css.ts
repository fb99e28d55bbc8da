import { createGlobalTheme } from '@vanilla-extract/css';

import { tokens } from './tokens';

const base = createGlobalTheme(':root', tokens);

/** Tokens made of other tokens: they follow the colours they are built from. */
const derived = createGlobalTheme(':root', {
  border: {
    hairline: `1px solid ${base.color.border}`,
    brand: `1px solid ${base.color.brand}`,
  },
});

export const vars = { ...base, ...derived };
