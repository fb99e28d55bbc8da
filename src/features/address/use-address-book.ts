import { useMutationState, useQueryClient, type Mutation } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useEffectEvent, useMemo } from 'react';

import { useSession } from '../auth';
import {
  AddressCallError,
  installAddressMutationDefaults,
  type AddVariables,
  type DeleteVariables,
  type EditVariables,
} from './api/address-mutations';
import { dismissNotice, useAddressNotices } from './api/address-notices';
import { useAddresses } from './api/get-addresses';
import { addressesAtom } from './book-atoms';
import { ADDRESS_BANNERS } from './constants';
import type { Address } from './types';

/** A row of the list: a saved address, possibly with a change still waiting to be sent. */
export interface AddressRowView {
  address: Address;
  /** An add, edit or delete made here that has not reached the server yet. */
  pending: 'add' | 'edit' | 'delete' | null;
}

export interface Banner {
  id: string;
  message: string;
  dismiss: () => void;
}

type AnyMutation = Mutation<unknown, Error, unknown, unknown>;
const ADDRESS_ROOT = ['address'] as const;

const kindOf = (mutation: AnyMutation) => mutation.options.mutationKey?.[1] as 'add' | 'edit' | 'delete' | undefined;

/** A pending add, shown as it will look once saved. */
function draftAddress({ customerId, address }: AddVariables): Address {
  const now = new Date().toISOString();
  return { ...address, customer: customerId, version: 1, createdAt: now, updatedAt: now };
}

/**
 * Everything the address list shows: the customer's addresses (the last fetched copy while the
 * network is down), changes waiting to be sent, and the red banners (spec point 8) until dismissed.
 */
export function useAddressBook() {
  const session = useSession();
  const customerId = session?.user.id;
  const queryClient = useQueryClient();
  // Idempotent; normally already done where the query client is made.
  installAddressMutationDefaults(queryClient);
  const query = useAddresses(customerId);
  const stored = useAtomValue(addressesAtom);
  const setStored = useSetAtom(addressesAtom);
  const notices = useAddressNotices();

  // Spec point 4: the fetched list is kept on the device.
  const persist = useEffectEvent((data: Address[]) => void setStored(data));
  useEffect(() => {
    if (query.data) persist(query.data);
  }, [query.data]);

  const pending = useMutationState({
    filters: { mutationKey: ADDRESS_ROOT, status: 'pending' },
    select: (m) => ({ kind: kindOf(m), variables: m.state.variables, id: m.mutationId }),
  });
  const failed = useMutationState({
    filters: { mutationKey: ADDRESS_ROOT, status: 'error' },
    select: (m) => ({
      id: m.mutationId,
      // The server's words when it answered; a call that never got an answer (the browser said
      // online, the network did not) gets the spec's banner, not the browser's "Failed to fetch".
      message: m.state.error instanceof AddressCallError ? m.state.error.message : '',
      kind: kindOf(m),
    }),
  });

  const base = query.data ?? (stored.length > 0 || query.isError ? stored : undefined);

  const rows = useMemo<AddressRowView[] | undefined>(() => {
    if (!base) return undefined;
    const edits = new Map<string, Address>();
    const deletes = new Set<string>();
    const adds: Address[] = [];
    for (const { kind, variables } of pending) {
      if (kind === 'add') adds.push(draftAddress(variables as AddVariables));
      else if (kind === 'edit') {
        const { address } = variables as EditVariables;
        edits.set(address._id, { ...(base.find((a) => a._id === address._id) as Address), ...address });
      } else if (kind === 'delete') deletes.add((variables as DeleteVariables).addressId);
    }
    const known = new Set(base.map((a) => a._id));
    return [
      ...base.map((address): AddressRowView => {
        if (deletes.has(address._id)) return { address, pending: 'delete' };
        const edited = edits.get(address._id);
        return edited ? { address: edited, pending: 'edit' } : { address, pending: null };
      }),
      // A replayed add that already reached the server is in the list: do not show it twice.
      ...adds.filter((a) => !known.has(a._id)).map((address): AddressRowView => ({ address, pending: 'add' })),
    ];
  }, [base, pending]);

  const removeMutation = useCallback(
    (id: number) => {
      const cache = queryClient.getMutationCache();
      const mutation = cache.getAll().find((m) => m.mutationId === id);
      if (mutation) cache.remove(mutation);
    },
    [queryClient],
  );

  const banners: Banner[] = [
    ...(query.isError && !query.isFetching
      ? [{ id: 'load', message: loadMessage(query.error), dismiss: () => void query.refetch() }]
      : []),
    ...failed.map((f) => ({
      id: `mutation-${f.id}`,
      message: f.message || (f.kind ? ADDRESS_BANNERS[f.kind] : ADDRESS_BANNERS.add),
      dismiss: () => removeMutation(f.id),
    })),
    ...notices.map((n) => ({ id: `notice-${n.id}`, message: n.message, dismiss: () => dismissNotice(n.id) })),
  ];

  return {
    customerId,
    rows,
    isLoading: rows === undefined && query.isPending,
    /** Nothing to show yet, and the list waits for the connection (never loaded on this device). */
    isWaitingForConnection: rows === undefined && query.fetchStatus === 'paused',
    banners,
  };
}

/** The list could not be loaded; the server's message when it sent one is attached by the query. */
function loadMessage(error: Error | null): string {
  const attached = (error as { serverMessage?: string } | null)?.serverMessage;
  return attached ?? ADDRESS_BANNERS.load;
}
