// The router's head manager, on its own so that LazyHeadContent can load it after the first paint.
export { HeadContent as default } from '@tanstack/react-router';
