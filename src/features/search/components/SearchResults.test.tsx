import { describe, expect, it } from 'vitest';

import { searchResultsQueryOptions } from '../search-query';
import { resultsWhileWaiting } from './SearchResults';

const milk = { data: ['Amul Taaza Toned Milk'], total: 1 };
const asked = (q: string, sort: 'relevance' | 'price-asc' = 'relevance') => ({
  queryKey: searchResultsQueryOptions(q, sort, 1).queryKey,
});

describe('resultsWhileWaiting', () => {
  it('keeps the results on screen while new ones are asked for online', () => {
    expect(resultsWhileWaiting('paneer', true)(milk, asked('milk'))).toBe(milk);
  });

  it('offline, shows nothing for new words rather than the last words’ results', () => {
    // The browser already says it is offline: from the first moment, not after a failed try.
    expect(resultsWhileWaiting('paneer', false)(milk, asked('milk'))).toBeUndefined();
  });

  it('offline, keeps the same products for a new sort of the same words', () => {
    expect(resultsWhileWaiting('milk', false)(milk, asked('milk', 'relevance'))).toBe(milk);
  });

  it('has nothing to keep on the first search', () => {
    expect(resultsWhileWaiting('milk', true)(undefined, undefined)).toBeUndefined();
  });
});
