import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { formatDate, formatDateTime, formatDay, formatTime } from './india-time';

// 20:00:09 UTC on 4 March is 01:30:09 on 5 March in India, and 15:00 on 4 March in New York.
const LATE_EVENING_UTC = '2026-03-04T20:00:09.000Z';

describe('times as read in India', () => {
  beforeEach(() => {
    // A device elsewhere: what a phone set to another zone, or a staff laptop abroad, would show.
    vi.stubEnv('TZ', 'America/New_York');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('runs on a device outside India', () => {
    expect(new Date(LATE_EVENING_UTC).getHours()).toBe(15);
    // eslint-disable-next-line no-restricted-properties -- the device's own zone, to prove the point
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
  });

  it('shows the time in IST, with AM and PM in capitals', () => {
    expect(formatTime(LATE_EVENING_UTC)).toBe('1:30 AM');
    expect(formatTime('2026-03-04T06:45:00.000Z')).toBe('12:15 PM');
    expect(formatTime(Date.parse('2026-03-04T03:02:00.000Z'))).toBe('8:32 AM');
    expect(formatTime(new Date('2026-03-04T03:01:00.000Z'))).toBe('8:31 AM');
  });

  it('shows the day and date in IST', () => {
    expect(formatDay(LATE_EVENING_UTC)).toBe('Thursday');
    expect(formatDate(LATE_EVENING_UTC)).toBe('5 Mar 2026');
  });

  it('shows date and time together, with seconds where asked', () => {
    expect(formatDateTime(LATE_EVENING_UTC)).toBe('5 Mar 2026, 1:30 AM');
    expect(formatDateTime(LATE_EVENING_UTC, { seconds: true })).toBe('5 Mar 2026, 1:30:09 AM');
    expect(formatDateTime('2026-03-04T10:32:00.000Z')).toBe('4 Mar 2026, 4:02 PM');
  });
});
