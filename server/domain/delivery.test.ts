import { describe, expect, it } from 'vitest';

import {
  CITY_MESSAGES,
  cityCoverage,
  DELIVERY_MESSAGES,
  distanceKm,
  etaMinutes,
  findServingStore,
  servedCities,
  type StoreLocation,
} from './delivery';

const store = (id: number, latitude: number, longitude: number, radiusKm = 5): StoreLocation => ({
  id,
  name: `Store ${id}`,
  city: 'Mumbai',
  latitude,
  longitude,
  radiusKm,
});

describe('distanceKm', () => {
  it('is zero for the same place and symmetric', () => {
    const a = { latitude: 19.076, longitude: 72.8777 };
    const b = { latitude: 18.5204, longitude: 73.8567 };
    expect(distanceKm(a, a)).toBe(0);
    expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 9);
  });

  it('matches known distances (Mumbai to Pune about 120 km; 0.01 degree of latitude about 1.11 km)', () => {
    expect(distanceKm({ latitude: 19.076, longitude: 72.8777 }, { latitude: 18.5204, longitude: 73.8567 })).toBeCloseTo(
      119.9,
      0,
    );
    expect(distanceKm({ latitude: 19, longitude: 72 }, { latitude: 19.01, longitude: 72 })).toBeCloseTo(1.112, 2);
  });
});

describe('etaMinutes', () => {
  it('is preparation plus the ride, rounded up', () => {
    expect(etaMinutes(0)).toBe(4);
    expect(etaMinutes(1)).toBe(Math.ceil(4 + 1.3 * 3));
    expect(etaMinutes(5)).toBe(24);
  });

  it('grows with the distance', () => {
    expect(etaMinutes(0.5)).toBeLessThan(etaMinutes(2));
  });
});

describe('findServingStore', () => {
  const near = store(1, 19.0, 72.8);
  const far = store(2, 19.1, 72.8);

  it('picks the nearest store whose radius covers the place', () => {
    const result = findServingStore({ latitude: 19.08, longitude: 72.8 }, [near, far]);
    expect(result).toMatchObject({ serviceable: true, store: far });
  });

  it('ignores a nearer store whose radius is too small', () => {
    const tiny = store(3, 19.03, 72.8, 1);
    const result = findServingStore({ latitude: 19.04, longitude: 72.8 }, [tiny, near]);
    expect(result).toMatchObject({ serviceable: true, store: near });
  });

  it('covers the radius edge exactly and refuses just beyond it', () => {
    const d = distanceKm(near, { latitude: 19.04, longitude: 72.8 });
    expect(findServingStore({ latitude: 19.04, longitude: 72.8 }, [{ ...near, radiusKm: d }]).serviceable).toBe(true);
    expect(findServingStore({ latitude: 19.04, longitude: 72.8 }, [{ ...near, radiusKm: d - 0.001 }]).serviceable).toBe(
      false,
    );
  });

  it('is not serviceable anywhere outside every radius, naming the nearest store', () => {
    const result = findServingStore({ latitude: 13.0827, longitude: 80.2707 }, [near, far]);
    expect(result.serviceable).toBe(false);
    if (!result.serviceable) expect(result.nearest?.store).toBe(near);
    expect(findServingStore({ latitude: 0, longitude: 0 }, [])).toEqual({ serviceable: false, nearest: null });
  });

  it('says how soon in the spec wording', () => {
    expect(DELIVERY_MESSAGES.served(9)).toBe('Delivery in 9 minutes');
  });
});

describe('cityCoverage', () => {
  const centre = { latitude: 19, longitude: 72.8 };
  // 0.01 degree of latitude is about 1.11 km.
  it('serves the centre when a store covers it, counting every store that reaches the city', () => {
    const stores = [store(1, 19.02, 72.8), store(2, 19.15, 72.8), store(3, 20, 72.8)];
    expect(cityCoverage(centre, stores)).toEqual({ coverage: 'centre', etaMinutes: etaMinutes(2.224), stores: 2 });
  });

  it('serves parts when a store reaches the city (city reach plus its radius) but not the centre', () => {
    // 19.17 is 18.9 km away: inside 15 + 5; 19.19 is 21.1 km away: outside.
    expect(cityCoverage(centre, [store(1, 19.17, 72.8)])).toEqual({ coverage: 'parts', stores: 1 });
    expect(cityCoverage(centre, [store(1, 19.19, 72.8)])).toEqual({ coverage: 'none', stores: 0 });
  });

  it('lists the served cities once each and words the answers', () => {
    const stores = [
      store(1, 0, 0),
      { ...store(2, 0, 0), city: 'Pune' },
      store(3, 0, 0),
      { ...store(4, 0, 0), city: 'Noida' },
    ];
    expect(servedCities(stores)).toEqual(['Mumbai', 'Pune', 'Noida']);
    expect(CITY_MESSAGES.none('Chennai', servedCities(stores))).toBe(
      'Sorry, we do not deliver to Chennai yet. We are in Mumbai, Pune and Noida.',
    );
    expect(CITY_MESSAGES.none('Chennai', ['Mumbai'])).toBe(
      'Sorry, we do not deliver to Chennai yet. We are in Mumbai.',
    );
  });
});
