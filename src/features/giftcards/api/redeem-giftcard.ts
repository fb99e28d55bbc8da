import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { RedeemResponse } from '../../../../server/schemas/order';
import { walletQueryOptions } from './get-wallet';
import { customerApi } from '../../auth';

export const redeemGiftCard = (code: string) =>
  customerApi.post('giftcard/redeem', { json: { code }, retry: 0 }).json<RedeemResponse>();

/** Redeems a code and refreshes the wallet; `redeem(code)` resolves with the server's answer. */
export function useRedeemGiftCard() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: redeemGiftCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletQueryOptions().queryKey }),
  });
  return { redeem: mutation.mutateAsync, isPending: mutation.isPending };
}
