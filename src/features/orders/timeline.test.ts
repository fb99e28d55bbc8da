import { describe, expect, it } from 'vitest';

import { etaText, timelineSteps } from './timeline';

const placedAt = '2026-11-25T06:00:00.000Z';

describe('order timeline steps', () => {
  it('marks what is done, where the order is and what is ahead, with times', () => {
    const steps = timelineSteps({
      status: 'dispatched',
      placedAt,
      timeline: [
        { status: 'processing', at: placedAt },
        { status: 'packed', at: '2026-11-25T06:03:00.000Z' },
        { status: 'dispatched', at: '2026-11-25T06:04:00.000Z' },
      ],
    });
    expect(steps.map((s) => [s.key, s.state, s.at])).toEqual([
      ['placed', 'done', placedAt],
      ['packed', 'done', '2026-11-25T06:03:00.000Z'],
      ['dispatched', 'current', '2026-11-25T06:04:00.000Z'],
      ['delivered', 'ahead', null],
    ]);
  });

  it('counts a skipped step as passed once a later one is reached', () => {
    const steps = timelineSteps({
      status: 'dispatched',
      placedAt,
      timeline: [
        { status: 'processing', at: placedAt },
        { status: 'dispatched', at: '2026-11-25T06:04:00.000Z' },
      ],
    });
    expect(steps.map((s) => s.state)).toEqual(['done', 'done', 'current', 'ahead']);
  });

  it('ends with the cancellation, keeping only the steps the order reached', () => {
    const steps = timelineSteps({
      status: 'cancelled',
      placedAt,
      timeline: [
        { status: 'processing', at: placedAt },
        { status: 'cancelled', at: '2026-11-25T06:02:00.000Z' },
      ],
    });
    expect(steps.map((s) => [s.key, s.state])).toEqual([
      ['placed', 'done'],
      ['cancelled', 'done'],
    ]);
  });
});

describe('ETA countdown text', () => {
  const expectedBy = '2026-11-25T06:10:00.000Z';
  const at = (iso: string) => new Date(iso).getTime();
  it('counts down in whole minutes, rounding up', () => {
    expect(etaText(expectedBy, at('2026-11-25T06:00:00.000Z'))).toBe('Arriving in 10 minutes');
    expect(etaText(expectedBy, at('2026-11-25T06:08:30.000Z'))).toBe('Arriving in 2 minutes');
    expect(etaText(expectedBy, at('2026-11-25T06:09:00.000Z'))).toBe('Arriving in 1 minute');
  });
  it('says any minute now once the estimate is reached', () => {
    expect(etaText(expectedBy, at('2026-11-25T06:09:45.000Z'))).toBe('Arriving any minute now');
    expect(etaText(expectedBy, at('2026-11-25T06:14:59.000Z'))).toBe('Arriving any minute now');
  });
  it('says it is running late, and by when it was due (IST), five minutes past the estimate', () => {
    expect(etaText(expectedBy, at('2026-11-25T06:15:00.000Z'))).toBe(
      'Running late: it was due by 11:40 AM. Sorry for the wait.',
    );
    expect(etaText(expectedBy, at('2026-11-25T07:30:00.000Z'))).toBe(
      'Running late: it was due by 11:40 AM. Sorry for the wait.',
    );
  });
});
