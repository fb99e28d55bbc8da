import { describe, expect, it } from 'vitest';

import { failureText, pollDelay } from '../constants';
import { gatewayMessage } from './LocalGatewayDialog';
import { timeLeft } from './PayBy';

describe("the local gateway's messages", () => {
  const frame = {} as Window;
  const paid = {
    source: 'local-gateway',
    event: 'paid',
    gatewayOrderId: 'order_local_1',
    paymentId: 'pay_local_1',
    signature: 'abc',
  };
  const event = (init: { origin?: string; source?: unknown; data?: unknown }) =>
    ({ origin: window.location.origin, source: frame, data: paid, ...init }) as MessageEvent;

  it('are taken from our own origin, from the gateway frame, about the order being paid', () => {
    expect(gatewayMessage(event({}), frame, 'order_local_1')).toEqual(paid);
  });

  it('are ignored from another origin, another window, another order or another sender', () => {
    expect(gatewayMessage(event({ origin: 'https://evil.example' }), frame, 'order_local_1')).toBeNull();
    expect(gatewayMessage(event({ source: {} }), frame, 'order_local_1')).toBeNull();
    expect(gatewayMessage(event({}), frame, 'order_local_2')).toBeNull();
    expect(gatewayMessage(event({ data: { ...paid, source: 'someone' } }), frame, 'order_local_1')).toBeNull();
    expect(gatewayMessage(event({ data: 'paid' }), frame, 'order_local_1')).toBeNull();
    expect(gatewayMessage(event({}), null, 'order_local_1')).toBeNull();
  });
});

describe('payment texts and timing', () => {
  it("puts the gateway's reason before the sentence that no money was taken, without saying it failed twice", () => {
    expect(failureText(null)).toBe('Payment failed. No money was taken.');
    expect(failureText(' ')).toBe('Payment failed. No money was taken.');
    expect(failureText('Payment failed. No money was taken.')).toBe('Payment failed. No money was taken.');
    expect(failureText('Payment declined by the bank.')).toBe('Payment declined by the bank. No money was taken.');
    expect(failureText('Your card has expired')).toBe('Your card has expired. Payment failed. No money was taken.');
    expect(failureText('This payment is not for this order.')).toBe(
      'This payment is not for this order. Payment failed. No money was taken.',
    );
    expect(failureText('Transaction failed at the bank')).toBe('Transaction failed at the bank. No money was taken.');
  });

  it('counts down minutes and seconds, never below zero', () => {
    const until = Date.parse('2026-03-04T06:45:00.000Z');
    expect(timeLeft(until, until - 14 * 60_000 - 5_000)).toBe('14:05');
    expect(timeLeft(until, until - 500)).toBe('0:01');
    expect(timeLeft(until, until + 10_000)).toBe('0:00');
  });

  it('looks again at a pending payment less and less often, at most every 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(pollDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});
