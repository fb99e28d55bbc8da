export { LazyPwaHost as PwaHost } from './components/LazyPwaHost';
