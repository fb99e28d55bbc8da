import { describe, expect, it } from 'vitest';

import { DELIVERY_MESSAGES, distanceKm, etaMinutes, findServingStore, type StoreLocation } from './delivery';

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
