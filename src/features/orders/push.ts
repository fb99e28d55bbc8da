import { getPushKey, postPushSubscription } from './api/push-subscription';

/** Set once the shopper answered our question (allowed or not now): we do not ask again. */
export const PUSH_ASKED_KEY = 'quickcart:push-asked';

export const pushSupported = () =>
  typeof window !== 'undefined' && 'Notification' in window && 'PushManager' in window && 'serviceWorker' in navigator;

/** The VAPID key as the Push API takes it (base64url to bytes). */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Subscribes this browser (or reuses its subscription) and tells the server, for the customer
 * signed in now: after a sign-out the server forgot it, so a later order page sends it again.
 */
export async function syncPushSubscription(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const key = applicationServerKey(await getPushKey());
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await postPushSubscription(subscription.toJSON());
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array) {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** Asks the browser's permission (the shopper pressed Allow) and subscribes; the outcome in a word. */
export async function allowNotifications(): Promise<'on' | 'blocked' | 'failed'> {
  localStorage.setItem(PUSH_ASKED_KEY, '1');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'blocked';
  try {
    await syncPushSubscription();
    return 'on';
  } catch (error) {
    console.info('Push subscription failed', error);
    return 'failed';
  }
}
