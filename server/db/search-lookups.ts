import type { WordExpansion } from '../domain/search';
import { ANY_TABLE, type CatalogueChanges } from '../events/catalogue-changes';
import type { CategoryScope } from './category-queries';

/** Kept per kind of lookup; past it the kind starts afresh (words come from what shoppers type). */
const MAX_KEPT = 10_000;

/**
 * Answers of one kind of lookup, by key, kept while the database announces no change to the
 * tables they are read from. An answer is kept only if no change was heard while it was read and
 * the feed was listening throughout: a change that committed after the read's snapshot is heard
 * either during the read (the answer is not kept) or after it (the answer is dropped then).
 */
class Kept<V> {
  private readonly answers = new Map<string, V>();
  private generation = 0;

  constructor(
    private readonly changes: CatalogueChanges,
    private readonly tables: readonly string[],
  ) {
    changes.onChange((table) => {
      if (table !== ANY_TABLE && !this.tables.includes(table)) return;
      this.generation++;
      this.answers.clear();
    });
  }

  /** The answers for `keys`: the kept ones, and `read(missing)` for the rest (kept if it may be). */
  async many(keys: readonly string[], read: (missing: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>> {
    const found = new Map<string, V>();
    const missing: string[] = [];
    const listening = this.changes.watching();
    for (const key of keys) {
      const answer = listening ? this.answers.get(key) : undefined;
      if (answer === undefined) missing.push(key);
      else found.set(key, answer);
    }
    if (missing.length === 0) return found;
    const generation = this.generation;
    const fresh = await read(missing);
    const keep = listening && this.changes.watching() && generation === this.generation;
    for (const [key, answer] of fresh) {
      found.set(key, answer);
      if (!keep) continue;
      if (this.answers.size >= MAX_KEPT) this.answers.clear();
      this.answers.set(key, answer);
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
  /** What a URL's category and sub-category slugs name (null: no such category), by `category/sub`. */
  scopes: Kept<CategoryScope | null>;
  /** The sub-categories a query's category keys name, by the keys joined with '|'. */
  subcategories: Kept<number[]>;
}

export function createSearchLookups(changes: CatalogueChanges): SearchLookups {
  return {
    words: new Kept(changes, ['search_words', 'search_synonyms']),
    scopes: new Kept(changes, ['categories']),
    subcategories: new Kept(changes, ['categories']),
  };
}

export type { Kept };
