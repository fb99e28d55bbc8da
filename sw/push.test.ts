import { describe, expect, it } from 'vitest';

import { notificationFromPush, notificationTarget, pickWindow } from './push';

const origin = 'https://shop.example';

describe('push notifications in the worker', () => {
  it('shows what the server sent', () => {
    const payload = JSON.stringify({
      title: 'Order #1001 is on the way',
      body: 'Your rider has picked it up.',
      url: '/account/orders/0b8e1c52-7a0e-4c1c-9f5e-0d6f7d1e2a3b',
      tag: 'order-0b8e',
    });
    expect(notificationFromPush(payload)).toEqual({
      title: 'Order #1001 is on the way',
      body: 'Your rider has picked it up.',
      url: '/account/orders/0b8e1c52-7a0e-4c1c-9f5e-0d6f7d1e2a3b',
      tag: 'order-0b8e',
    });
  });

  it('still says something for an empty or unreadable push, and never opens another site', () => {
    expect(notificationFromPush(null).url).toBe('/account/orders');
    expect(notificationFromPush('not json').title).toBe('QuickCart');
    expect(notificationFromPush(JSON.stringify({ title: 'x', url: 'https://evil.example/' })).url).toBe(
      '/account/orders',
    );
    expect(notificationFromPush(JSON.stringify({ title: 'x', url: '//evil.example/' })).url).toBe('/account/orders');
    expect(notificationTarget({ url: 'javascript:alert(1)' }, origin).href).toBe(`${origin}/account/orders`);
    expect(notificationTarget({ url: '/account/orders/abc' }, origin).href).toBe(`${origin}/account/orders/abc`);
  });

  it('focuses a window already at the order, else takes one of ours there, else opens one', () => {
    const target = new URL('/account/orders/abc', origin);
    const atOrder = { url: `${origin}/account/orders/abc` };
    const home = { url: `${origin}/` };
    expect(pickWindow([home, atOrder], target)).toEqual({ window: atOrder, navigate: false });
    expect(pickWindow([home], target)).toEqual({ window: home, navigate: true });
    expect(pickWindow([{ url: 'https://other.example/account/orders/abc' }], target)).toBeNull();
    expect(pickWindow([], target)).toBeNull();
  });
});
