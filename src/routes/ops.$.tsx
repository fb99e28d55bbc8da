import { createFileRoute } from '@tanstack/react-router';

import { OpsConsole } from '../features/ops';

/**
 * `/ops` and everything under it: the store console (issue 18). One splat route, split into its
 * own chunk, so the shopper's first load carries only this route's entry in the route tree.
 */
export const Route = createFileRoute('/ops/$')({
  // Only the title: the app renders no other head tags (decision 021); the server sends
  // `X-Robots-Tag: noindex` for /ops instead of a robots meta tag.
  head: () => ({ meta: [{ title: 'Store console | QuickCart' }] }),
  component: OpsConsole,
});
