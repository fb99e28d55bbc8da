import { describe, expect, it } from 'vitest';

import { formatRupees } from './money';

describe('formatRupees', () => {
  it('uses the rupee sign, Indian grouping and two decimals', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456.00');
    expect(formatRupees(99.5)).toBe('₹99.50');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(123456789.1)).toBe('₹12,34,56,789.10');
    expect(formatRupees(-1500)).toBe('-₹1,500.00');
  });

  it('writes what Intl writes for en-IN rupees, roundings and large amounts included', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    const amounts = [
      0.004,
      0.005,
      0.015,
      0.125,
      1.005,
      1.255,
      2.675,
      9.995,
      99,
      99.01,
      99.99,
      100,
      999.995,
      1000,
      12345.678,
      99999.999,
      100000,
      1234567,
      9876543.21,
      123456789012.34,
      -0.5,
      -99.01,
      -123456.7,
      -0,
      -0.004,
      1e-7,
      1e21,
      NaN,
      Infinity,
      -Infinity,
    ];
    // And a spread of prices with paise, as carts add them up.
    for (let n = 1; n < 2000; n++) amounts.push((n * 7919) / 100, n * 37.3, n ** 3 / 7);
    for (const amount of amounts) expect(formatRupees(amount), String(amount)).toBe(intl.format(amount));
  });
});
