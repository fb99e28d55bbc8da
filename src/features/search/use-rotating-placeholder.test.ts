import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SEARCH_PLACEHOLDER_INTERVAL_MS, SEARCH_PLACEHOLDER_WORDS, searchPlaceholder } from './constants';
import { useRotatingPlaceholder } from './use-rotating-placeholder';

describe('useRotatingPlaceholder', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const render = (paused = false) =>
    renderHook(
      ({ paused }) => useRotatingPlaceholder(SEARCH_PLACEHOLDER_WORDS, SEARCH_PLACEHOLDER_INTERVAL_MS, paused),
      {
        initialProps: { paused },
      },
    );

  it('uses the spec words and interval', () => {
    expect(SEARCH_PLACEHOLDER_WORDS).toEqual(['Apple', 'Banana', 'Grapes', 'mango', 'strawberry', 'dragon fruit']);
    expect(SEARCH_PLACEHOLDER_INTERVAL_MS).toBe(2500);
    expect(searchPlaceholder('Apple')).toBe('Search "Apple"');
  });

  it('moves to the next word every 2500 ms and wraps around', () => {
    const { result } = render();
    expect(result.current).toBe('Apple');
    act(() => vi.advanceTimersByTime(2499));
    expect(result.current).toBe('Apple');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('Banana');
    const seen = [result.current];
    for (let i = 0; i < 5; i += 1) {
      act(() => vi.advanceTimersByTime(2500));
      seen.push(result.current);
    }
    expect(seen).toEqual(['Banana', 'Grapes', 'mango', 'strawberry', 'dragon fruit', 'Apple']);
  });

  it('stays on the current word while paused and goes on after', () => {
    const { result, rerender } = render();
    act(() => vi.advanceTimersByTime(2500));
    expect(result.current).toBe('Banana');
    rerender({ paused: true });
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBe('Banana');
    rerender({ paused: false });
    act(() => vi.advanceTimersByTime(2500));
    expect(result.current).toBe('Grapes');
  });
});
