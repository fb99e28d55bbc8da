/**
 * Widths from the spec: carousel steps at 480, 768 and 1024; the account sidebar from 992;
 * the top navigation shows eight slots above 1240.
 */
export const breakpoints = { sm: 480, md: 768, lg: 992, xl: 1024, xxl: 1240 } as const;

export type Breakpoint = keyof typeof breakpoints;

/** A min-width media query, for `@media` blocks in .css.ts files. */
export const minWidth = (bp: Breakpoint) => `screen and (min-width: ${breakpoints[bp]}px)`;
/** A max-width media query that excludes the breakpoint itself. */
export const maxWidth = (bp: Breakpoint) => `screen and (max-width: ${breakpoints[bp] - 0.02}px)`;
