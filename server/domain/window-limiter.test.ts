import { describe, expect, it } from 'vitest';

import { WindowLimiter } from './window-limiter';

describe('WindowLimiter', () => {
  it('allows the limit in a window, then refuses with the seconds left, then starts again', () => {
    const limiter = new WindowLimiter(3, 60_000);
    for (let i = 0; i < 3; i++) expect(limiter.hit('a', 1_000 + i)).toEqual({ allowed: true });
    expect(limiter.hit('a', 1_500)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(limiter.hit('a', 45_000)).toEqual({ allowed: false, retryAfterSeconds: 16 });
    expect(limiter.hit('a', 60_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.hit('a', 61_000)).toEqual({ allowed: true });
  });

  it('counts each key apart', () => {
    const limiter = new WindowLimiter(1, 1_000);
    expect(limiter.hit('a', 0).allowed).toBe(true);
    expect(limiter.hit('a', 1).allowed).toBe(false);
    expect(limiter.hit('b', 2).allowed).toBe(true);
  });

  it('keeps at most maxKeys windows, forgetting the oldest', () => {
    const limiter = new WindowLimiter(1, 60_000, 2);
    limiter.hit('a', 0);
    limiter.hit('b', 1);
    limiter.hit('c', 2);
    // 'a' was forgotten: a fresh window; 'c' is still counted.
    expect(limiter.hit('a', 3).allowed).toBe(true);
    expect(limiter.hit('c', 4).allowed).toBe(false);
  });
});
