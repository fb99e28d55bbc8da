/**
 * Output options for the bundles the server runs (its own, and the page renderer's): non-ASCII
 * characters as escapes and no doc or annotation comments, where most of the rest were. V8 keeps a
 * script's source for as long as the script lives, and one character past Latin-1 (a ₹, a
 * Devanagari word, a dash) makes it two bytes a character throughout (decision 050). Legal
 * comments stay; stack traces come from the source maps.
 */
export const ONE_BYTE_OUTPUT = {
  charset: 'ascii',
  comments: { legal: true, annotation: false, jsdoc: false },
} as const;
