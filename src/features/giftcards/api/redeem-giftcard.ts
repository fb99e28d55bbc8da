import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import type { RedeemResponse } from '../../../../server/schemas/order';
import { walletQueryOptions } from './get-wallet';
import { customerApi } from '../../auth';

export const redeemGiftCard = (code: string) =>
  customerApi.post('giftcard/redeem', { json: { code }, retry: 0 }).json<RedeemResponse>();

/** Redeems a code and refreshes the wallet. Plain state rather than useMutation (see cancel-order). */
export function useRedeemGiftCard() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  async function redeem(code: string) {
    setPending(true);
    try {
      const answer = await redeemGiftCard(code);
      await queryClient.invalidateQueries({ queryKey: walletQueryOptions().queryKey });
      return answer;
    } finally {
      setPending(false);
    }
  }
  return { redeem, isPending };
}
