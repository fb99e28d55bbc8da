import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { NAV_WIDE_MEDIA_QUERY } from './constants';
import { splitNavItems, useNavSlotCount } from './nav-slots';

/** A matchMedia whose width the test controls. */
function fakeScreen(width: number) {
  const listeners = new Set<() => void>();
  const state = { width };
  const matches = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return min ? state.width >= Number(min[1]) : false;
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      media: query,
      get matches() {
        return matches(query);
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return {
    resize(next: number) {
      state.width = next;
      listeners.forEach((listener) => listener());
    },
  };
}

describe('useNavSlotCount', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for screens wider than 1240 px', () => {
    expect(NAV_WIDE_MEDIA_QUERY).toBe('(min-width: 1241px)');
  });

  it('gives 8 slots above 1240 px and 6 otherwise, following resizes', () => {
    const screen = fakeScreen(1440);
    const { result } = renderHook(() => useNavSlotCount());
    expect(result.current).toBe(8);
    act(() => screen.resize(1240));
    expect(result.current).toBe(6);
    act(() => screen.resize(1024));
    expect(result.current).toBe(6);
    act(() => screen.resize(1241));
    expect(result.current).toBe(8);
  });
});

describe('splitNavItems', () => {
  const nine = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];

  it('keeps one slot for More when the items do not fit', () => {
    expect(splitNavItems(nine, 8)).toEqual({ visible: nine.slice(0, 7), more: ['h', 'i'] });
    expect(splitNavItems(nine, 6)).toEqual({ visible: nine.slice(0, 5), more: ['f', 'g', 'h', 'i'] });
  });

  it('shows everything without More when the items fit', () => {
    expect(splitNavItems(nine.slice(0, 6), 6)).toEqual({ visible: nine.slice(0, 6), more: [] });
    expect(splitNavItems([], 8)).toEqual({ visible: [], more: [] });
  });
});
