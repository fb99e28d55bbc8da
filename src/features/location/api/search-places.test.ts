import { describe, expect, it } from 'vitest';

import { placeLabel, placeQueryReady, type FoundPlace } from './search-places';

const place = (fields: Partial<FoundPlace>): FoundPlace => ({
  id: 'x',
  text: '',
  mainText: '',
  secondaryText: '',
  pincode: '',
  locality: '',
  district: '',
  city: '',
  state: '',
  lat: 0,
  lng: 0,
  ...fields,
});

describe('placeLabel', () => {
  it('names a locality with its city', () => {
    expect(placeLabel(place({ mainText: 'Koramangala', locality: 'Koramangala', city: 'Bengaluru' }))).toBe(
      'Koramangala, Bengaluru',
    );
  });

  it('names a city once', () => {
    expect(placeLabel(place({ mainText: 'Bengaluru', locality: 'bengaluru', city: 'Bengaluru' }))).toBe('Bengaluru');
    expect(placeLabel(place({ mainText: 'Gurugram', city: 'Gurugram' }))).toBe('Gurugram');
  });

  it("falls back to the server's name", () => {
    expect(placeLabel(place({ mainText: '560034' }))).toBe('560034');
  });
});

describe('placeQueryReady', () => {
  it('waits for 2 letters or 3 digits', () => {
    expect(placeQueryReady('K')).toBe(false);
    expect(placeQueryReady('Ko')).toBe(true);
    expect(placeQueryReady('56')).toBe(false);
    expect(placeQueryReady('560')).toBe(true);
  });
});
