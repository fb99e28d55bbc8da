import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's render and in the pass that hydrates it, true from then on (and at once
 * in a render of the browser's own). For a control the server's page shows before its code has
 * arrived: disabled until then, it cannot be used in a way the app never sees (a form sent by the
 * browser itself, text typed that the app's state does not have).
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
