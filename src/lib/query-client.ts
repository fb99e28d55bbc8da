import { QueryClient } from '@tanstack/react-query';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Always try the request: offline, the service worker may answer it from its cache.
        // Only retries wait for the connection.
        networkMode: 'offlineFirst',
        staleTime: 60_000,
        gcTime: 24 * 60 * 60_000,
        // Flaky mobile data: try again, but not for answers that will not change (4xx).
        retry: (failureCount, error) => {
          const status = (error as { response?: Response }).response?.status;
          if (status !== undefined && status >= 400 && status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: {
        // Sent when asked, online or not: offline, a sign-in or an order fails at once and the
        // screen says so. Only the address book queues changes while offline (its keyed defaults
        // say 'online', see features/address/api/address-mutations.ts).
        networkMode: 'always',
      },
    },
  });
}
