import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render as renderDom, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ADDRESS_ERRORS } from '../constants';
import type { AddressDraft } from '../types';
import { emptyDraft } from './AddressEditor';
import { AddressForm } from './AddressForm';

const empty: AddressDraft = { ...emptyDraft(), buildingName: 'Flat 5, Old Tower', name: 'Asha' };

const MUMBAI = { locality: 'Hill Road, Bandra West', gps: { latitude: 19.06, longitude: 72.83 }, city: 'Mumbai' };
const CHENNAI = { locality: 'Taramani', gps: { latitude: 12.9895, longitude: 80.2486 }, city: 'Chennai' };
const REFUSAL =
  'Sorry, we do not deliver to this location yet. Please choose an address in Mumbai, Pune, Bangalore, Delhi or Noida.';

/** The server's delivery check as it answers: Mumbai is served, Chennai is not. */
function fakeServiceability() {
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    if (url.pathname === '/api/delivery/serviceability') {
      const served = Number(url.searchParams.get('lat')) > 15;
      return Response.json({
        success: true,
        data: served
          ? {
              serviceable: true,
              store: { name: 'Bandra', city: 'Mumbai' },
              distanceKm: 1,
              etaMinutes: 9,
              message: 'Delivery in 9 minutes',
            }
          : { serviceable: false, store: null, distanceKm: null, etaMinutes: null, message: REFUSAL },
      });
    }
    // The PIN code check: nothing to say.
    return Response.json({ success: true, data: { message: null } });
  });
}

const render = (ui: ReactNode) =>
  renderDom(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

/** The form as the editor holds it; `place` stands for Confirm location on the map beside it. */
function Editor({ onSubmit, place = MUMBAI }: { onSubmit: (draft: AddressDraft) => void; place?: typeof MUMBAI }) {
  const [draft, setDraft] = useState(empty);
  return (
    <>
      <AddressForm mode="add" draft={draft} onChange={setDraft} onSubmit={onSubmit} />
      <button type="button" onClick={() => setDraft((current) => ({ ...current, ...place, state: 'Maharashtra' }))}>
        Confirm location
      </button>
    </>
  );
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Address' }));

describe('AddressForm', () => {
  beforeEach(fakeServiceability);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says at once when the store does not deliver to the place, and still saves it for later', async () => {
    const onSubmit = vi.fn();
    render(<Editor onSubmit={onSubmit} place={CHENNAI} />);
    expect(screen.getByRole('status').textContent).toBe('');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm location' })));
    expect((await screen.findByText(REFUSAL)).closest('[role="status"]')).toBeTruthy();
    await act(async () => save());
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('says nothing of the kind for a place the store delivers to', async () => {
    render(<Editor onSubmit={vi.fn()} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm location' })));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it("drops 'Locality is required' once the map fills the locality, and keeps the other messages", async () => {
    const onSubmit = vi.fn();
    render(<Editor onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: '' } });
    save();
    expect(screen.getByText(ADDRESS_ERRORS.locality)).toBeTruthy();
    expect(screen.getByText(ADDRESS_ERRORS.name)).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm location' })));

    expect(screen.queryByText(ADDRESS_ERRORS.locality)).toBeNull();
    expect(screen.getByText(ADDRESS_ERRORS.name)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the focus to an empty custom tag, not to the first tag button', async () => {
    render(<Editor onSubmit={vi.fn()} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm location' })));
    fireEvent.click(screen.getByRole('button', { name: 'Other' }));
    save();
    const custom = screen.getByRole('textbox', { name: 'Custom tag' });
    expect(document.activeElement).toBe(custom);
    expect(custom.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(ADDRESS_ERRORS.tag)).toBeTruthy();
  });
});
