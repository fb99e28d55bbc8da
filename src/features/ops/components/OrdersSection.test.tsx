import { describe, expect, it } from 'vitest';

import { formatWaited } from './OrdersSection';

describe('the waited time on an order card', () => {
  it('shows minutes and seconds, then hours and minutes', () => {
    expect(formatWaited(0)).toBe('0:00');
    expect(formatWaited(65.9)).toBe('1:05');
    expect(formatWaited(59 * 60 + 59)).toBe('59:59');
    expect(formatWaited(3600 + 5 * 60)).toBe('1 h 05 min');
    expect(formatWaited(-3)).toBe('0:00');
  });
});
