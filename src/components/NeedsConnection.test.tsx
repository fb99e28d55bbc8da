import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { NeedsConnection } from './NeedsConnection';

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
};

describe('NeedsConnection', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says the action needs a connection while offline and clears when it returns', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <NeedsConnection what="Checkout">{(online) => <button disabled={!online}>Place order</button>}</NeedsConnection>,
    );
    expect(screen.getByRole('status').textContent).toContain('You are offline. Checkout needs a connection');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Place order' }).disabled).toBe(true);

    setOnline(true);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Place order' }).disabled).toBe(false);
  });
});
