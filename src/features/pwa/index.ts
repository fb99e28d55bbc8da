export { LazyPwaHost as PwaHost } from './components/LazyPwaHost';
export { NeedsConnection } from './components/NeedsConnection';
export { useOnline } from './use-online';
export { StalePriceNote } from './components/StalePriceNote';
