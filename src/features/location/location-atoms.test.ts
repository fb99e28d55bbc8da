import { describe, expect, it } from 'vitest';

import { isChosenLocation } from './location-atoms';

describe('isChosenLocation', () => {
  it('accepts a labelled place', () => {
    expect(isChosenLocation({ label: 'Mumbai', place: { latitude: 19.076, longitude: 72.8777 } })).toBe(true);
  });

  it('ignores what is missing or malformed', () => {
    for (const value of [
      null,
      undefined,
      'Mumbai',
      { label: 'Mumbai' },
      { label: 'Mumbai', place: null },
      { label: 'Mumbai', place: { latitude: '19', longitude: 72.8 } },
      { label: 'Mumbai', place: { latitude: Number.NaN, longitude: 72.8 } },
      { place: { latitude: 19, longitude: 72.8 } },
    ]) {
      expect(isChosenLocation(value), JSON.stringify(value)).toBe(false);
    }
  });
});
