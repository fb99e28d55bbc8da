import { queryOptions } from '@tanstack/react-query';

import type { WalletResponse } from '../../../../server/schemas/order';
import { customerApi } from '../../auth';

export const walletQueryOptions = () =>
  queryOptions({
    queryKey: ['giftcard', 'wallet'] as const,
    queryFn: ({ signal }) =>
      customerApi
        .get('giftcard', { signal })
        .json<WalletResponse>()
        .then((body) => body.data),
    staleTime: 10_000,
  });
