import { describe, expect, it } from 'vitest';

import { CITY_CHECK_TEXT, readCityCheck } from './city-check-input';

describe('readCityCheck', () => {
  it('asks for a city by its name, spaces tidied', () => {
    expect(readCityCheck('  New   Delhi ')).toEqual({ ask: 'New Delhi' });
    expect(readCityCheck('bangalore')).toEqual({ ask: 'bangalore' });
  });

  it('asks for a 6-digit PIN code, written with or without a space', () => {
    expect(readCityCheck('560034')).toEqual({ ask: '560034' });
    expect(readCityCheck(' 560 034 ')).toEqual({ ask: '560034' });
  });

  it('refuses a blank box and a malformed PIN code before asking', () => {
    expect(readCityCheck('   ')).toEqual({ problem: CITY_CHECK_TEXT.blank });
    for (const bad of ['56003', '5600345', '060034', '000000', '56 00 3']) {
      expect(readCityCheck(bad), bad).toEqual({ problem: CITY_CHECK_TEXT.badPincode });
    }
  });
});
