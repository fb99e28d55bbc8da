export const OFFLINE_TEXT = {
  title: 'Not available offline',
  body:
    'This page has not been saved on this device yet, so it needs a connection. It opens by itself ' +
    'when you are back online; pages you have visited and your cart work offline.',
  back: 'Go back',
  home: 'Go to the home page',
  cart: 'Open your cart',
} as const;

interface PageState {
  /** The router is loading a route: its loader waits for data. */
  routerLoading: boolean;
  /** A loading spinner shows in the main region. */
  spinner: boolean;
  /** The main region has its page heading (h1). */
  heading: boolean;
}

/**
 * Whether the page is waiting for data (asked only while offline): a route's loader, or a page
 * that shows only its spinner (a query with nothing saved, paused until the connection returns).
 * A spinner under a page's heading is a part of the page still loading (a product's suggestions,
 * checkout's bill): the page itself is there, and says what needs the connection.
 */
export const pageIsWaiting = ({ routerLoading, spinner, heading }: PageState) => routerLoading || (spinner && !heading);
