import { describe, expect, it } from 'vitest';

import { VerifyGuard } from './verify-guard';

describe('VerifyGuard', () => {
  it('lets one check of a number run at a time, and others numbers alongside', () => {
    const guard = new VerifyGuard();
    expect(guard.start('9876543210')).toBe(true);
    expect(guard.start('9876543210')).toBe(false);
    expect(guard.start('9876543211')).toBe(true);
    guard.finish('9876543210');
    expect(guard.start('9876543210')).toBe(true);
  });

  it('remembers a locked code until the resend wait ends, or a new code is sent', () => {
    const guard = new VerifyGuard();
    const requestedAt = new Date(1_000_000);
    guard.rememberLocked('9876543210', requestedAt, 1_030_000);
    expect(guard.lockedSince('9876543210', 1_029_999)).toEqual(requestedAt);
    expect(guard.lockedSince('9876543210', 1_030_000)).toBeUndefined();
    expect(guard.lockedSince('9876543210', 1_000_000)).toBeUndefined();

    guard.rememberLocked('9876543210', requestedAt, 1_030_000);
    guard.forget('9876543210');
    expect(guard.lockedSince('9876543210', 1_000_000)).toBeUndefined();
  });

  it('keeps at most maxLocked numbers, forgetting the oldest', () => {
    const guard = new VerifyGuard(2);
    for (const mobile of ['9000000001', '9000000002', '9000000003']) guard.rememberLocked(mobile, new Date(0), 10);
    expect(guard.lockedSince('9000000001', 0)).toBeUndefined();
    expect(guard.lockedSince('9000000003', 0)).toEqual(new Date(0));
  });
});
