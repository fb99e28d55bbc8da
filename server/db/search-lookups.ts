import type { WordExpansion } from '../domain/search';
import { ANY_TABLE, KEEP_UNCHANGED_MS, type CatalogueChanges } from '../events/catalogue-changes';
import type { CategoryScope } from './category-queries';

/** Kept per kind of lookup; past it the kind starts afresh (words come from what shoppers type). */
const MAX_KEPT = 10_000;

/**
 * Answers of one kind of lookup, by key, kept while the database announces no change to the
 * tables they are read from, for KEEP_UNCHANGED_MS at most. An answer is kept only if no change
 * was heard while it was read and the feed was listening throughout: a change that committed
 * after the read's snapshot is heard either during the read (the answer is not kept) or after it
 * (the answer is dropped then).
 */
class Kept<V> {
  private readonly answers = new Map<string, { answer: V; storedAt: number }>();
  private generation = 0;

  constructor(
    private readonly changes: CatalogueChanges,
    private readonly tables: readonly string[],
  ) {
    changes.onChange((table) => {
      if (table === ANY_TABLE || this.tables.includes(table)) this.clear();
    });
  }

  /** Forgets every answer, and any being read now (a write in this process, before it is heard). */
  clear() {
    this.generation++;
    this.answers.clear();
  }

  /** The answers for `keys`: the kept ones, and `read(missing)` for the rest (kept if it may be). */
  async many(keys: readonly string[], read: (missing: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>> {
    const found = new Map<string, V>();
    const missing: string[] = [];
    const listening = this.changes.watching();
    const now = Date.now();
    for (const key of keys) {
      const kept = listening ? this.answers.get(key) : undefined;
      if (kept && now - kept.storedAt < KEEP_UNCHANGED_MS) found.set(key, kept.answer);
      else missing.push(key);
    }
    if (missing.length === 0) return found;
    const generation = this.generation;
    const fresh = await read(missing);
    const keep = listening && this.changes.watching() && generation === this.generation;
    for (const [key, answer] of fresh) {
      found.set(key, answer);
      if (!keep) continue;
      if (this.answers.size >= MAX_KEPT) this.answers.clear();
      this.answers.set(key, { answer, storedAt: now });
    }
    return found;
  }

  async one(key: string, read: () => Promise<V>): Promise<V> {
    const answers = await this.many([key], async () => new Map([[key, await read()]]));
    return answers.get(key)!;
  }
}

/**
 * What a search looks up before it ranks (decision 051): each word's synonyms and spelling
 * corrections (search_words, search_synonyms), the categories a URL's slugs name and the
 * sub-categories a query's words name (categories). They change only when the catalogue's
 * vocabulary or its categories do, so they are kept in memory until the database announces such a
 * change (server/events/catalogue-changes.ts), and read afresh while it cannot be heard. A search
 * then asks the database one query, the ranking, instead of three or four.
 */
export interface SearchLookups {
  /** A word's synonyms and corrections, by word. */
  words: Kept<WordExpansion>;
  /**
   * What a URL's category and sub-category slugs name (null: no such category), by `category/sub`
   * (a slug has no '/': ProductSearchQuery's pattern).
   */
  scopes: Kept<CategoryScope | null>;
  /** The sub-categories a query's category keys name, by the keys joined with '|'. */
  subcategories: Kept<number[]>;
  /** Forgets them all (after a write in this process). */
  clear(): void;
}

export function createSearchLookups(changes: CatalogueChanges): SearchLookups {
  const words = new Kept<WordExpansion>(changes, ['search_words', 'search_synonyms']);
  const scopes = new Kept<CategoryScope | null>(changes, ['categories']);
  const subcategories = new Kept<number[]>(changes, ['categories']);
  return {
    words,
    scopes,
    subcategories,
    clear() {
      for (const kept of [words, scopes, subcategories]) kept.clear();
    },
  };
}

export type { Kept };
