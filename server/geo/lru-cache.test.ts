import { describe, expect, it } from 'vitest';

import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('drops the least recently used entry beyond its size', () => {
    const cache = new LruCache<number>(2, 1000, () => 0);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('forgets entries after their time to live', () => {
    let now = 0;
    const cache = new LruCache<string | null>(10, 1000, () => now);
    cache.set('x', null);
    now = 999;
    expect(cache.get('x')).toBeNull();
    now = 2000;
    expect(cache.get('x')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
