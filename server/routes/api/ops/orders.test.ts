import { describe, expect, it } from 'vitest';

import { parseSearch } from './orders';

describe('the board’s search', () => {
  it('reads a mobile (with +91, spaces or dashes) or an order number', () => {
    expect(parseSearch('9876543210')).toEqual({ mobile: '9876543210' });
    expect(parseSearch('+91 98765-43210')).toEqual({ mobile: '9876543210' });
    expect(parseSearch('1042')).toEqual({ number: 1042 });
    expect(parseSearch(' 7 ')).toEqual({ number: 7 });
  });

  it('refuses anything else', () => {
    for (const value of ['milk', '0', '12a', '12345678901', '5876543210', '']) expect(parseSearch(value)).toBeNull();
  });
});
