import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { ADDRESS_ERRORS } from '../constants';
import type { AddressDraft } from '../types';
import { emptyDraft } from './AddressEditor';
import { AddressForm } from './AddressForm';

const empty: AddressDraft = { ...emptyDraft(), buildingName: 'Flat 5, Old Tower', name: 'Asha' };

/** The form as the editor holds it; `place` stands for Confirm location on the map beside it. */
function Editor({ onSubmit }: { onSubmit: (draft: AddressDraft) => void }) {
  const [draft, setDraft] = useState(empty);
  return (
    <>
      <AddressForm mode="add" draft={draft} onChange={setDraft} onSubmit={onSubmit} />
      <button
        type="button"
        onClick={() =>
          setDraft((current) => ({
            ...current,
            locality: 'Hill Road, Bandra West',
            gps: { latitude: 19.06, longitude: 72.83 },
            city: 'Mumbai',
            state: 'Maharashtra',
          }))
        }
      >
        Confirm location
      </button>
    </>
  );
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Address' }));

describe('AddressForm', () => {
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
