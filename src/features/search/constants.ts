/** Spec point 2: the search placeholder cycles through these words, in this order and spelling. */
export const SEARCH_PLACEHOLDER_WORDS = ['Apple', 'Banana', 'Grapes', 'mango', 'strawberry', 'dragon fruit'] as const;

/** Spec point 9: search placeholder rotation. */
export const SEARCH_PLACEHOLDER_INTERVAL_MS = 2500;

/** Type-ahead waits this long after the last keystroke before asking the server. */
export const SUGGESTION_DEBOUNCE_MS = 150;

/** At most this many products in the type-ahead list. */
export const SUGGESTION_LIMIT = 6;

/** Products per page on the search results page ('Load more' fetches the next page). */
export const SEARCH_PAGE_SIZE = 24;

export const searchPlaceholder = (word: string) => `Search "${word}"`;
