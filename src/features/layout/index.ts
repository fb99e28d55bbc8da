export { AppLayout } from './components/AppLayout';
export { useGlobalLoader } from './use-global-loader';
export { loaderAtom, type LoaderState, type LoaderStyle } from './atoms';
export { useMediaQuery } from './use-media-query';
export { ACCOUNT_LINKS } from './account-links';
