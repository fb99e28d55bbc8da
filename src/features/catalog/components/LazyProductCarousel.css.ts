import { style } from '@vanilla-extract/css';

/**
 * Same height as a row of cards, so the page does not shift when the carousel arrives. A file of
 * its own: the carousel's own classes then stay in its lazy chunk, out of the first load.
 */
export const placeholder = style({ minHeight: '300px' });
