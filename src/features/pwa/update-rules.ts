import { isConsolePath } from '../../lib/console-path';

/**
 * The "Update available" prompt reloads the page. Never in the middle of checkout: a reload
 * there could lose what the shopper typed or send an order twice. The prompt waits until they
 * leave checkout.
 */
export const canOfferUpdate = (pathname: string): boolean => !/^\/checkout(\/|$)/.test(pathname);

/**
 * The install invitation slides in over the bottom of the page, where checkout's "Place order"
 * is: a tap meant for the button could land on it. Not on checkout (nor on the store console,
 * decision 038); it comes on the next page.
 */
export const canInviteInstall = (pathname: string): boolean => canOfferUpdate(pathname) && !isConsolePath(pathname);
