/**
 * The keys this device stores for the signed-in customer, declared by the feature that stores
 * them, next to its atoms. Signing out removes every declared key (auth's logout, through
 * lib/remove-stored-keys.ts), so auth needs to know no other feature's storage. Only the keys are
 * kept here: this module is on the first page, the removal code loads with the logout.
 */
const keys = new Set<string>();

/**
 * What a signed-out device may keep of a stored value that is only in part the customer's: the
 * value itself when none of it is, another value, or undefined to remove the key.
 */
export type KeepOnSignOut = (stored: unknown) => unknown;

const trimmed = new Map<string, KeepOnSignOut>();

/** Declares stored keys (IndexedDB and localStorage) that sign-out must remove. */
export function clearOnSignOut(...stored: readonly string[]): void {
  for (const key of stored) keys.add(key);
}

/** Declares an IndexedDB key whose value sign-out replaces with what `keep` returns. */
export function trimOnSignOut(key: string, keep: KeepOnSignOut): void {
  trimmed.set(key, keep);
}

/** Every key declared so far, in the order declared. */
export const keysClearedOnSignOut = (): string[] => [...keys];

/** Every key declared to be trimmed, with what sign-out keeps of it. */
export const keysTrimmedOnSignOut = (): [string, KeepOnSignOut][] => [...trimmed];
