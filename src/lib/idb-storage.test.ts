import { afterEach, describe, expect, it, vi } from 'vitest';

import type { AsyncStorage } from './idb-storage';

/** A tab of its own: the module again, with its own tab id (no IndexedDB here: writes fail). */
async function openTab(): Promise<AsyncStorage<number>> {
  vi.resetModules();
  const { idbStorage } = await import('./idb-storage');
  return idbStorage<number>();
}

/** Long enough for the BroadcastChannel to deliver what was posted before. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 50));

const unsubscribes: (() => void)[] = [];
afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
});

describe('idbStorage across tabs', () => {
  it("hears the other tabs' writes and removals, never its own, even when another tab writes the same value", async () => {
    const first = await openTab();
    const second = await openTab();
    const heard: number[] = [];
    unsubscribes.push(first.subscribe!('count', (value) => heard.push(value), 0)!);

    await first.setItem('count', 1);
    await delivered();
    expect(heard).toEqual([]);

    // The value the first tab wrote before, now written by the second: the first must take it.
    await first.setItem('count', 2);
    await second.setItem('count', 1);
    await second.setItem('other', 5);
    await delivered();
    expect(heard).toEqual([1]);

    // A removal gives the initial value.
    await second.removeItem('count');
    await delivered();
    expect(heard).toEqual([1, 0]);
  });

  it('a write that cannot be stored still resolves, and the other tabs still hear it', async () => {
    const first = await openTab();
    const second = await openTab();
    const heard: number[] = [];
    unsubscribes.push(first.subscribe!('count', (value) => heard.push(value), 0)!);
    await expect(second.setItem('count', 3)).resolves.toBeUndefined();
    await expect(second.getItem('count', 9)).resolves.toBe(9);
    await delivered();
    expect(heard).toEqual([3]);
  });
});
