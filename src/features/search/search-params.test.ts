import { describe, expect, it } from 'vitest';

import { parseSearchPageParams } from './search-params';

describe('parseSearchPageParams', () => {
  it('keeps a trimmed query and a known sort', () => {
    expect(parseSearchPageParams({ q: '  milk ', sort: 'price-asc' })).toEqual({ q: 'milk', sort: 'price-asc' });
  });

  it('drops the default sort, unknown sorts and bad page counts', () => {
    expect(parseSearchPageParams({ q: 'milk', sort: 'relevance', pages: 1 })).toEqual({ q: 'milk' });
    expect(parseSearchPageParams({ q: 'milk', sort: 'cheapest', pages: 'x' })).toEqual({ q: 'milk' });
    expect(parseSearchPageParams({})).toEqual({ q: '' });
  });

  it('keeps how many pages were loaded, within a limit', () => {
    expect(parseSearchPageParams({ q: 'milk', pages: 3 })).toEqual({ q: 'milk', pages: 3 });
    expect(parseSearchPageParams({ q: 'milk', pages: 9999 })).toEqual({ q: 'milk', pages: 50 });
  });

  it('accepts a numeric query, as the router parses ?q=123 into a number', () => {
    expect(parseSearchPageParams({ q: 123 })).toEqual({ q: '123' });
  });
});
