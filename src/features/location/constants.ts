/** Spec point 2: the location picker shows a fixed label until serviceability arrives. */
export const LOCATION_LABEL = 'Maharashtra, India';

/** The header's location button (its `data-focus-key`): the not-delivered notice opens it. */
export const LOCATION_FOCUS_KEY = 'location';
