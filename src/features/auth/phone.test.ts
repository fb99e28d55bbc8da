import { describe, expect, it } from 'vitest';

import { displayMobile, EMPTY_MOBILE_INPUT, mobileError, nextMobileInput, normalizeMobile } from './phone';

describe('the phone field (spec point 5)', () => {
  /** The field's value after `keys`, typed one at a time into the empty field (a key per change). */
  const typeKeys = (keys: string) =>
    [...keys].reduce((state, key) => nextMobileInput(state, state.value + key), EMPTY_MOBILE_INPUT).value;
  const field = (value: string) => ({ value, typing: '' as const });

  it('keeps digits only, at most 10', () => {
    expect(nextMobileInput(field(''), '9').value).toBe('9');
    expect(nextMobileInput(field('98'), '98a').value).toBe('98');
    expect(nextMobileInput(field('987'), '987-').value).toBe('987');
    expect(nextMobileInput(field('9876543210'), '98765432101').value).toBe('9876543210');
    expect(typeKeys('98a7-6')).toBe('9876');
  });

  it('keeps the last ten digits of a number pasted with +91 or a leading 0', () => {
    expect(nextMobileInput(field(''), '+91 98765 43210').value).toBe('9876543210');
    expect(nextMobileInput(field(''), '091-98765-43210').value).toBe('9876543210');
    expect(nextMobileInput(field(''), '098765 43210').value).toBe('9876543210');
    // Anything else too long is cut to its first ten digits.
    expect(nextMobileInput(field(''), '98765432109876').value).toBe('9876543210');
  });

  it('leaves out +91 or a leading 0 typed key by key before the number', () => {
    expect(typeKeys('+91 98765 43214')).toBe('9876543214');
    expect(typeKeys('+919876543214')).toBe('9876543214');
    expect(typeKeys('+ 91 98765 43214')).toBe('9876543214');
    expect(typeKeys('09876543214')).toBe('9876543214');
    // A number that itself starts with 91, typed without a '+', is the shopper's number.
    expect(typeKeys('9198765432')).toBe('9198765432');
    // '+9' and then not a 1: the 9 was the number's first digit.
    expect(typeKeys('+98765 43214')).toBe('9876543214');
    // Typed over the whole number (all of it selected): the '+' replaces it and starts a code.
    const over = nextMobileInput(field('9000000001'), '+');
    expect(over).toEqual({ value: '', typing: '+' });
    expect([...'919876543214'].reduce((state, key) => nextMobileInput(state, state.value + key), over).value).toBe(
      '9876543214',
    );
    // Emptied with Backspace: nothing is under way.
    expect(nextMobileInput(field('9'), '')).toEqual({ value: '', typing: '' });
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
