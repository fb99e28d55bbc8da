/** When the in-app install invitation may appear, and for whom. Pure; tested beside it. */

/** After a "Not now", the invitation stays away this long. */
export const INSTALL_SNOOZE_DAYS = 14;
const DAY = 24 * 60 * 60 * 1000;

export interface InstallFacts {
  /** Separate visits so far, this one included. */
  visits: number;
  /** The shopper has opened the cart during this visit. */
  openedCart: boolean;
  /** The shopper has touched, clicked, typed or turned the wheel on this page. */
  engaged: boolean;
  /** When the shopper last said "Not now" (ms since epoch), if ever. */
  dismissedAt: number | null;
  now: number;
  /** Already running as an installed app. */
  standalone: boolean;
}

/**
 * A shopper who came back (second visit) or looked at their cart is interested; a first-time
 * browser is not asked. Never while installed, never within the snooze after a dismissal, and
 * never before the shopper's first input on the page: the invitation does not cover a page that
 * has not been seen yet, and cannot become its largest paint (LCP stops at the first input;
 * issue 20 measured it as a category page's LCP at 4.1 s).
 */
export function shouldInviteInstall({
  visits,
  openedCart,
  engaged,
  dismissedAt,
  now,
  standalone,
}: InstallFacts): boolean {
  if (standalone || !engaged) return false;
  if (dismissedAt !== null && now - dismissedAt < INSTALL_SNOOZE_DAYS * DAY) return false;
  return visits >= 2 || openedCart;
}

/**
 * iOS Safari has no install prompt; shoppers add the store with Share, then Add to Home Screen.
 * Other iOS browsers (Chrome "CriOS", Firefox "FxiOS", Edge "EdgiOS") cannot do that on older iOS,
 * so the hint is for Safari only. iPadOS reports itself as a Mac with touch.
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}

const VISITS_KEY = 'quickcart:visits';
const VISIT_SEEN_KEY = 'quickcart:visit-counted';
const DISMISSED_KEY = 'quickcart:install-dismissed-at';

/** Counts this visit once per browser session and returns the total. */
export function countVisit(local: Storage, session: Storage): number {
  const previous = Number(local.getItem(VISITS_KEY)) || 0;
  if (session.getItem(VISIT_SEEN_KEY)) return Math.max(previous, 1);
  session.setItem(VISIT_SEEN_KEY, '1');
  local.setItem(VISITS_KEY, String(previous + 1));
  return previous + 1;
}

export const readDismissedAt = (local: Storage): number | null => {
  const value = Number(local.getItem(DISMISSED_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
};

export const rememberDismissal = (local: Storage, now: number) => local.setItem(DISMISSED_KEY, String(now));
