import { useAtom } from 'jotai';
import { useCallback, useMemo } from 'react';

import { loaderAtom, type LoaderStyle } from './atoms';

/** The app-wide loading spinner (e.g. during logout): show() puts it up, hide() takes it down. */
export function useGlobalLoader() {
  const [state, setState] = useAtom(loaderAtom);
  const show = useCallback((style: LoaderStyle = 'full-screen') => setState({ isLoading: true, style }), [setState]);
  const hide = useCallback(() => setState({ isLoading: false, style: 'full-screen' }), [setState]);
  return useMemo(() => ({ ...state, show, hide }), [state, show, hide]);
}
