import { style } from '@vanilla-extract/css';

export const control = style({ display: 'inline-flex', flexShrink: 0 });

/** As wide as the stepper that replaces it, so the card does not shift. */
export const add = style({ minWidth: '84px', height: '36px' });
