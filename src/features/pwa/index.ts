export { LazyPwaHost as PwaHost } from './components/LazyPwaHost';
export { StalePriceNote } from './components/StalePriceNote';
