const HIDDEN_UNDER = ['/account', '/checkout'];

/** Spec point 2: the footer is hidden on the account and checkout paths. */
export const isFooterHidden = (pathname: string) =>
  HIDDEN_UNDER.some((base) => pathname === base || pathname.startsWith(`${base}/`));
