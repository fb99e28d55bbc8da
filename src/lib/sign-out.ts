/**
 * The keys this device stores for the signed-in customer, declared by the feature that stores
 * them, next to its atoms. Signing out removes every declared key (auth's logout, through
 * lib/remove-stored-keys.ts), so auth needs to know no other feature's storage. Only the keys are
 * kept here: this module is on the first page, the removal code loads with the logout.
 */
const keys = new Set<string>();

/** Declares stored keys (IndexedDB and localStorage) that sign-out must remove. */
export function clearOnSignOut(...stored: readonly string[]): void {
  for (const key of stored) keys.add(key);
}

/** Every key declared so far, in the order declared. */
export const keysClearedOnSignOut = (): string[] => [...keys];
