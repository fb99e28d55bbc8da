import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { formatCountdown, useResendTimer } from './use-resend-timer';

describe('the resend timer (spec point 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('formats the wait as m:ss', () => {
    expect(formatCountdown(30)).toBe('0:30');
    expect(formatCountdown(29)).toBe('0:29');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('counts down from 30 s to 0, then resend is available; restart starts again', () => {
    const { result } = renderHook(() => useResendTimer(Date.now() + 30_000));
    expect(result.current).toMatchObject({ remaining: 30, canResend: false });

    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(29);

    act(() => vi.advanceTimersByTime(28_000));
    expect(result.current).toMatchObject({ remaining: 1, canResend: false });

    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toMatchObject({ remaining: 0, canResend: true });
    // Stays at 0 without ticking on.
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.remaining).toBe(0);
    expect(vi.getTimerCount()).toBe(0);

    act(() => result.current.restart(30));
    expect(result.current).toMatchObject({ remaining: 30, canResend: false });
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.remaining).toBe(20);
  });

  it('keeps time by the clock when the tab was asleep', () => {
    const { result } = renderHook(() => useResendTimer(Date.now() + 30_000));
    // A throttled tab: the clock moves on, the interval fires late, once.
    act(() => {
      vi.setSystemTime(Date.now() + 25_000);
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.remaining).toBe(4);
  });
});
