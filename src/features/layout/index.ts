export { AppLayout } from './components/AppLayout';
export { LocationPicker } from './components/LocationPicker';
export { useGlobalLoader } from './use-global-loader';
export { loaderAtom, type LoaderState, type LoaderStyle } from './atoms';
export { useLogout } from './use-logout';
export { useMediaQuery } from './use-media-query';
export { useSession } from './use-session';
