import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { AddVariables, EditVariables } from './api/address-mutations';
import { addressListKey } from './api/get-addresses';
import type { Address, AddressDraft } from './types';
import { useAddressMutation } from './use-address-mutations';

/** A UUID for a new address, chosen here so that a replayed add cannot save it twice. */
export function newAddressId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context (plain http on a LAN address) randomUUID is missing.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Sends an add or an edit through the keyed mutations (queued while offline). The form closes
 * at once; the list shows the change as pending until the server has it, and a refusal as a banner.
 * `onAdded` gets a new address as saved, once it is in the list again (if this screen is still
 * open then).
 */
export function useSaveAddress(customerId: string | undefined) {
  const queryClient = useQueryClient();
  const { mutate: mutateAdd } = useAddressMutation<AddVariables>('add');
  const { mutate: mutateEdit } = useAddressMutation<EditVariables>('edit');
  return useCallback(
    (draft: AddressDraft, editing: Address | null, onAdded?: (address: Address) => void) => {
      if (!customerId || !draft.gps) return;
      const payload = {
        tag: draft.tag.trim(),
        locality: draft.locality,
        buildingName: draft.buildingName.trim(),
        floor: draft.floor.trim(),
        nearBy: draft.nearBy.trim(),
        name: draft.name.trim(),
        mobile: draft.mobile.trim(),
        gps: draft.gps,
        city: draft.city,
        area: draft.area,
        state: draft.state,
        pincode: draft.pincode.replace(/\s+/g, ''),
      };
      if (editing) {
        mutateEdit({ customerId, address: { ...payload, _id: editing._id, version: editing.version } });
        return;
      }
      const id = newAddressId();
      mutateAdd(
        { customerId, address: { ...payload, _id: id } },
        {
          onSuccess: () => {
            const saved = queryClient
              .getQueryData<Address[]>(addressListKey(customerId))
              ?.find((address) => address._id === id);
            if (saved) onAdded?.(saved);
          },
        },
      );
    },
    [customerId, mutateAdd, mutateEdit, queryClient],
  );
}
