import { createIcon } from './Icons';

/*
 * Glyphs that only lazily loaded screens draw (the account pages, the orders list, the customer
 * menu), shared by more than one feature. Kept out of Icons.tsx, which is part of the first
 * load (docs/decisions/017-styling-vocabulary.md, 021-held-back-majors.md).
 */

export const UserIcon = createIcon('M8 8a4 4 0 1 0 8 0a4 4 0 1 0-8 0M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7', 24);

export const BagIcon = createIcon('M5 8h14l-1 12H6L5 8zM9 8V6a3 3 0 0 1 6 0v2');
