import { describe, expect, it } from 'vitest';

import { formatRupees } from './money';

describe('formatRupees', () => {
  it('uses the rupee sign, Indian grouping and two decimals', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456.00');
    expect(formatRupees(99.5)).toBe('₹99.50');
    expect(formatRupees(0)).toBe('₹0.00');
  });
});
