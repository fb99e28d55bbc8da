import { afterEach, describe, expect, it, vi } from 'vitest';

import { ANY_TABLE, KEEP_UNCHANGED_MS, type CatalogueChanges } from '../events/catalogue-changes';
import { createSearchLookups } from './search-lookups';

/** A feed the test drives: whether it listens, and the changes it hears. */
function fakeChanges() {
  const listeners = new Set<(table: string) => void>();
  let watching = true;
  const changes: CatalogueChanges = {
    watching: () => watching,
    epoch: () => 0,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: async () => {},
    close: async () => {},
  };
  return {
    changes,
    hear: (table: string) => listeners.forEach((listener) => listener(table)),
    setWatching: (value: boolean) => (watching = value),
  };
}

const expansion = (synonym: string) => ({ known: true, synonyms: [synonym], corrections: [] });

afterEach(() => {
  vi.useRealTimers();
});

describe('search lookups', () => {
  it('reads a kept answer again after KEEP_UNCHANGED_MS, or after clear()', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const feed = fakeChanges();
    const lookups = createSearchLookups(feed.changes);
    let reads = 0;
    const read = async () => (reads++, [7]);
    await lookups.subcategories.one('milk', read);
    vi.setSystemTime(Date.now() + KEEP_UNCHANGED_MS - 1);
    await lookups.subcategories.one('milk', read);
    expect(reads).toBe(1);
    vi.setSystemTime(Date.now() + 1);
    await lookups.subcategories.one('milk', read);
    expect(reads).toBe(2);
    lookups.clear();
    await lookups.subcategories.one('milk', read);
    expect(reads).toBe(3);
  });

  it('reads only the words it has not kept, and forgets them when their tables change', async () => {
    const feed = fakeChanges();
    const { words } = createSearchLookups(feed.changes);
    const asked: string[][] = [];
    const read = async (missing: string[]) => {
      asked.push(missing);
      return new Map(missing.map((word) => [word, expansion(`${word}-${asked.length}`)]));
    };
    await words.many(['doodh', 'atta'], read);
    const answer = await words.many(['atta', 'doodh', 'dahi'], read);
    expect(asked).toEqual([['doodh', 'atta'], ['dahi']]);
    expect(answer.get('doodh')).toEqual(expansion('doodh-1'));
    // Stock moving is not their business; a new synonym is.
    feed.hear('store_stock');
    await words.many(['doodh'], read);
    expect(asked).toHaveLength(2);
    feed.hear('search_synonyms');
    await words.many(['doodh'], read);
    expect(asked.at(-1)).toEqual(['doodh']);
    feed.hear(ANY_TABLE);
    await words.many(['doodh'], read);
    expect(asked).toHaveLength(4);
  });

  it('keeps nothing read while a change was heard, or while it could not hear changes', async () => {
    const feed = fakeChanges();
    const { scopes } = createSearchLookups(feed.changes);
    let reads = 0;
    // A change announced while the read runs: its answer may predate the change.
    await scopes.one('dairy/', async () => {
      reads++;
      feed.hear('categories');
      return { categoryId: 1 };
    });
    await scopes.one('dairy/', async () => (reads++, { categoryId: 1 }));
    expect(reads).toBe(2);
    await scopes.one('dairy/', async () => (reads++, { categoryId: 1 }));
    expect(reads).toBe(2);
    // Not listening: every lookup reads, and what it read is not kept.
    feed.setWatching(false);
    await scopes.one('dairy/', async () => (reads++, { categoryId: 1 }));
    await scopes.one('fruit/', async () => (reads++, null));
    feed.setWatching(true);
    expect(reads).toBe(4);
    expect(await scopes.one('fruit/', async () => (reads++, null))).toBeNull();
    expect(reads).toBe(5);
    // A kept null (no such category) is an answer too.
    expect(await scopes.one('fruit/', async () => (reads++, null))).toBeNull();
    expect(reads).toBe(5);
  });
});
