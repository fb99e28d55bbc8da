import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Order } from '../../../../server/schemas/order';
import type * as Push from '../push';
import { PUSH_ASKED_KEY } from '../push';
import { PushPrompt, PUSH_TEXT } from './PushPrompt';

vi.mock('../push', async (load) => ({
  ...(await load<typeof Push>()),
  pushSupported: () => true,
  allowNotifications: vi.fn(),
  syncPushSubscription: vi.fn(async () => {}),
}));

describe('PushPrompt', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('"Not now" puts the offer away for good and leaves the focus on the page, not its body', () => {
    vi.stubGlobal('Notification', { permission: 'default' });
    const main = document.createElement('main');
    main.id = 'main';
    main.tabIndex = -1;
    document.body.append(main);
    const order = { placedAt: new Date().toISOString(), status: 'processing' } as Order;
    render(<PushPrompt order={order} />, { container: main.appendChild(document.createElement('div')) });

    const notNow = screen.getByRole('button', { name: PUSH_TEXT.notNow });
    notNow.focus();
    fireEvent.click(notNow);

    expect(screen.queryByRole('group', { name: 'Order notifications' })).toBeNull();
    expect(localStorage.getItem(PUSH_ASKED_KEY)).toBe('1');
    expect(document.activeElement).toBe(main);
    main.remove();
  });
});
