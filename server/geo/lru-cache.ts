/**
 * A bounded least-recently-used cache whose entries also expire. Geocoding answers are kept in
 * process memory: each process warms its own, which is fine for answers that are cheap to ask
 * again and never private.
 */
export class LruCache<Value> {
  readonly #entries = new Map<string, { value: Value; expiresAt: number }>();

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.#entries.size;
  }

  get(key: string): Value | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    // Re-inserted, so Map order (insertion order) stays least recently used first.
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: Value) {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }
}
