import { describe, expect, it } from 'vitest';

import { displayMobile, mobileError, nextMobileInput, normalizeMobile } from './phone';

describe('the phone field (spec point 5)', () => {
  it('keeps digits only, at most 10', () => {
    expect(nextMobileInput('', '9')).toBe('9');
    expect(nextMobileInput('98', '98a')).toBe('98');
    expect(nextMobileInput('987', '987-')).toBe('987');
    expect(nextMobileInput('9876543210', '98765432101')).toBe('9876543210');
  });

  it('keeps the last ten digits of a number pasted with +91 or a leading 0', () => {
    expect(nextMobileInput('', '+91 98765 43210')).toBe('9876543210');
    expect(nextMobileInput('', '091-98765-43210')).toBe('9876543210');
    expect(nextMobileInput('', '098765 43210')).toBe('9876543210');
    // Anything else too long is cut to its first ten digits.
    expect(nextMobileInput('', '98765432109876')).toBe('9876543210');
  });

  it('says what is wrong: required, then 10 digits, then the first digit', () => {
    expect(mobileError('')).toBe('Mobile number is required');
    expect(mobileError('98765')).toBe('Mobile number must be 10 digits');
    expect(mobileError('1234567890')).toBe('Mobile number must start with 6, 7, 8 or 9');
    expect(mobileError('0987654321')).toBe('Mobile number must start with 6, 7, 8 or 9');
    expect(mobileError('6000000000')).toBeNull();
    expect(mobileError('9876543210')).toBeNull();
  });

  it('reduces a number to its last 10 digits before verification', () => {
    expect(normalizeMobile('+91 98765-43210')).toBe('9876543210');
    expect(normalizeMobile('9876543210')).toBe('9876543210');
  });

  it("shows the number as '+91 XXXXXXXXXX'", () => {
    expect(displayMobile('9876543210')).toBe('+91 9876543210');
    expect(displayMobile('+919876543210')).toBe('+91 9876543210');
  });
});
