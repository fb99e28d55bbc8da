import { useRouteContext } from '@tanstack/react-router';
import { useCallback, useState } from 'react';

import { customerApi } from '../../auth';

/**
 * DELETE /api/customer/me with `{ confirm: true }`: deletes the account and its personal data
 * and ends every session.
 */
export async function deleteAccount(): Promise<void> {
  await customerApi.delete('customer/me', { json: { confirm: true } });
}

/**
 * Deletes the account; resolves true when it is gone, false when that failed (failed says so).
 * Gone means signed out on this device at once: the server has ended every session.
 */
export function useDeleteAccount() {
  const { auth } = useRouteContext({ from: '__root__' });
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');
  const run = useCallback(async () => {
    setState('pending');
    try {
      await deleteAccount();
      auth.signOut();
      setState('idle');
      return true;
    } catch (error) {
      console.info('Account deletion failed', error);
      setState('failed');
      return false;
    }
  }, [auth]);
  return { run, isPending: state === 'pending', isError: state === 'failed' };
}
