/**
 * The store console's addresses, `/ops` and below: the console draws its own shell (its header,
 * navigation and sign-out, in its lazy chunk), so the shopper's header, cart, footer and install
 * invitation stay away from them (decision 038).
 */
export const isConsolePath = (pathname: string) => /^\/ops(\/|$)/.test(pathname);
