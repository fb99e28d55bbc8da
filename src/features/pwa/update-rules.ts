/**
 * The "Update available" prompt reloads the page. Never in the middle of checkout: a reload
 * there could lose what the shopper typed or send an order twice. The prompt waits until they
 * leave checkout.
 */
export const canOfferUpdate = (pathname: string): boolean => !/^\/checkout(\/|$)/.test(pathname);
