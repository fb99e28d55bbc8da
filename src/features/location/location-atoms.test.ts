import { describe, expect, it } from 'vitest';

import { isChosenLocation, validChosenLocation } from './location-atoms';

describe('isChosenLocation', () => {
  it('accepts a labelled place, as builds before issue 16 stored it', () => {
    expect(isChosenLocation({ label: 'Mumbai', place: { latitude: 19.076, longitude: 72.8777 } })).toBe(true);
  });

  it('accepts a found place with its PIN code, city and last delivery answer', () => {
    const koramangala = {
      label: 'Koramangala, Bengaluru',
      place: { latitude: 12.9352, longitude: 77.6245 },
      pincode: '560034',
      city: 'Bengaluru',
      delivery: { serviceable: true, message: 'Delivery in 12 minutes' },
    };
    expect(isChosenLocation(koramangala)).toBe(true);
    expect(validChosenLocation(koramangala)).toBe(koramangala);
  });

  it('ignores what is missing or malformed', () => {
    const place = { latitude: 19, longitude: 72.8 };
    for (const value of [
      null,
      undefined,
      'Mumbai',
      { label: 'Mumbai' },
      { label: 'Mumbai', place: null },
      { label: 'Mumbai', place: { latitude: '19', longitude: 72.8 } },
      { label: 'Mumbai', place: { latitude: Number.NaN, longitude: 72.8 } },
      { place },
      { label: 'Mumbai', place, pincode: 400001 },
      { label: 'Mumbai', place, city: null },
      { label: 'Mumbai', place, delivery: 'Delivery in 9 minutes' },
      { label: 'Mumbai', place, delivery: { serviceable: 'yes', message: 'Delivery in 9 minutes' } },
      { label: 'Mumbai', place, delivery: { serviceable: true } },
    ]) {
      expect(isChosenLocation(value), JSON.stringify(value)).toBe(false);
      expect(validChosenLocation(value)).toBeNull();
    }
  });
});
