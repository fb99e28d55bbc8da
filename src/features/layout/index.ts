export { AppLayout } from './components/AppLayout';
export { LocationPicker } from './components/LocationPicker';
export { useGlobalLoader } from './use-global-loader';
export { loaderAtom, type LoaderState, type LoaderStyle } from './atoms';
export { useMediaQuery } from './use-media-query';
export { ACCOUNT_LINKS } from './constants';
// The session moved to the auth feature; kept here for code that still imports it from layout.
export { useSession } from '../auth';
export { serviceabilityQueryOptions } from './api/get-serviceability';
