/** Spec point 2: the location picker shows a fixed label until serviceability arrives. */
export const LOCATION_LABEL = 'Maharashtra, India';
