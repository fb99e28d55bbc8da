/** Spec point 2: the location picker shows a fixed label until serviceability arrives. */
export const LOCATION_LABEL = 'Maharashtra, India';

/**
 * Detect, when the browser refuses location access for this site (PERMISSION_DENIED): trying
 * again cannot help until the shopper allows it, so say where, and what works without it.
 */
export const LOCATION_BLOCKED =
  'Location access is blocked for this site. Allow it in your browser’s site settings, or search for your area or pick a city below.';
