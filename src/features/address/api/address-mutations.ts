import { HTTPError, type KyResponse } from 'ky';
import type { QueryClient } from '@tanstack/react-query';

import { serverMessage } from '../../../lib/server-message';
import { customerApi } from '../../auth';
import { ADDRESS_BANNERS } from '../constants';
import type { AddressPayload } from '../types';
import { addressListKey } from './get-addresses';
import { reportNotice } from './address-notices';

export type AddressMutationKind = 'add' | 'edit' | 'delete';

export interface AddVariables {
  customerId: string;
  address: AddressPayload & { _id: string };
}
export interface EditVariables {
  customerId: string;
  address: AddressPayload & { _id: string; version: number };
}
export interface DeleteVariables {
  customerId: string;
  addressId: string;
  /** What the pending row shows. */
  label: string;
}

export const addressMutationKey = (kind: AddressMutationKind) => ['address', kind] as const;

/** A rejected address call, with the message to show (the server's, else the spec's banner). */
export class AddressCallError extends Error {
  override name = 'AddressCallError';
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

const FAILED: Record<AddressMutationKind, string> = {
  add: ADDRESS_BANNERS.add,
  edit: ADDRESS_BANNERS.edit,
  delete: ADDRESS_BANNERS.delete,
};
const REFRESH_FAILED: Record<AddressMutationKind, string> = {
  add: ADDRESS_BANNERS.refreshAfterAdd,
  edit: ADDRESS_BANNERS.refreshAfterEdit,
  delete: ADDRESS_BANNERS.refreshAfterDelete,
};

/** No answer at all (offline, timeout): worth retrying, and paused while offline. */
export const isNetworkFailure = (error: unknown) => !(error instanceof AddressCallError);

async function send(kind: AddressMutationKind, call: () => PromiseLike<KyResponse>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (error instanceof HTTPError) {
      // Deleting what is already gone (a replay, another device) reaches the state asked for.
      if (kind === 'delete' && error.response.status === 404) return;
      throw new AddressCallError(serverMessage(error) ?? FAILED[kind], error.response.status);
    }
    throw error;
  }
}

/** Spec point 4: after add, edit or delete the list is reloaded; a failed reload is a banner. */
async function reload(queryClient: QueryClient, kind: AddressMutationKind, customerId: string) {
  try {
    await queryClient.invalidateQueries({ queryKey: addressListKey(customerId) }, { throwOnError: true });
  } catch {
    reportNotice(REFRESH_FAILED[kind]);
  }
}

const registered = new WeakSet<QueryClient>();

/**
 * The address calls as keyed mutation defaults, so that a mutation made offline (paused) and
 * restored after a reload can be resumed by its key alone: the variables are plain data.
 * Idempotent. The app calls it through `registerAddressMutationDefaults` (register.ts).
 */
export function installAddressMutationDefaults(queryClient: QueryClient) {
  if (registered.has(queryClient)) return;
  registered.add(queryClient);
  const common = {
    // Network failures are retried (and wait while offline); answers from the server are final.
    retry: (failureCount: number, error: unknown) => isNetworkFailure(error) && failureCount < 3,
    networkMode: 'online' as const,
  };
  queryClient.setMutationDefaults(addressMutationKey('add'), {
    ...common,
    mutationFn: async ({ customerId, address }: AddVariables) => {
      await send('add', () => customerApi.post(`address/${customerId}`, { json: address }));
      await reload(queryClient, 'add', customerId);
    },
  });
  queryClient.setMutationDefaults(addressMutationKey('edit'), {
    ...common,
    mutationFn: async ({ customerId, address }: EditVariables) => {
      try {
        await send('edit', () => customerApi.put(`address/${address._id}`, { json: address }));
      } catch (error) {
        // A conflict: show the address as it now is, beside the message.
        if (error instanceof AddressCallError)
          void queryClient.invalidateQueries({ queryKey: addressListKey(customerId) });
        throw error;
      }
      await reload(queryClient, 'edit', customerId);
    },
  });
  queryClient.setMutationDefaults(addressMutationKey('delete'), {
    ...common,
    mutationFn: async ({ customerId, addressId }: DeleteVariables) => {
      await send('delete', () => customerApi.delete(`address/${addressId}`));
      await reload(queryClient, 'delete', customerId);
    },
  });
}
