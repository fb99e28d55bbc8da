import { describe, expect, it } from 'vitest';

import { placedAt } from './format';

describe('placedAt', () => {
  it('shows the day, date and time in India whatever the device time zone', () => {
    // 20:00 UTC is 01:30 the next morning in India.
    expect(placedAt('2026-03-04T20:00:00.000Z')).toEqual({ day: 'Thursday', date: '5 Mar 2026', time: '1:30 AM' });
    expect(placedAt('2026-03-04T06:45:00.000Z')).toEqual({ day: 'Wednesday', date: '4 Mar 2026', time: '12:15 PM' });
  });
});
