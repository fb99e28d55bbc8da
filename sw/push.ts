/**
 * Web Push in the service worker (issue 19): what a push shows and which window a tap opens.
 * Pure decisions, unit-tested in push.test.ts; sw.ts wires them to the push and notificationclick
 * events.
 */

export interface ShownNotification {
  title: string;
  body: string;
  /** A path on our origin. */
  url: string;
  tag: string;
}

const FALLBACK: ShownNotification = {
  title: 'QuickCart',
  body: 'There is news about your order.',
  url: '/account/orders',
  tag: 'order',
};

/** Only a path of our own is opened: a push names a page, never another site. */
const isOwnPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.slice(0, max) : null;

/** The notification a push's payload asks for; a payload we cannot read still says something. */
export function notificationFromPush(payload: string | null): ShownNotification {
  if (!payload) return FALLBACK;
  let data: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(payload);
    if (typeof parsed !== 'object' || parsed === null) return FALLBACK;
    data = parsed as Record<string, unknown>;
  } catch {
    return FALLBACK;
  }
  return {
    title: text(data.title, 100) ?? FALLBACK.title,
    body: text(data.body, 300) ?? FALLBACK.body,
    url: isOwnPath(data.url) ? data.url : FALLBACK.url,
    tag: text(data.tag, 100) ?? FALLBACK.tag,
  };
}

/** The URL a notification opens (its data, or My Orders), on the worker's origin. */
export function notificationTarget(data: unknown, origin: string): URL {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  return new URL(isOwnPath(url) ? url : FALLBACK.url, origin);
}

/**
 * Which open window a tap uses: one already at the order (focused), else any window of ours
 * (focused and taken to the order), else none (a new window opens).
 */
export function pickWindow<T extends { url: string }>(
  windows: readonly T[],
  target: URL,
): { window: T; navigate: boolean } | null {
  const own = windows.filter((w) => new URL(w.url).origin === target.origin);
  const there = own.find((w) => new URL(w.url).pathname === target.pathname);
  if (there) return { window: there, navigate: false };
  return own[0] ? { window: own[0], navigate: true } : null;
}
