/**
 * A fixed-window counter per key (in memory, one process): at most `limit` hits per `windowMs`.
 * Used where a database-backed limit would cost more than what it protects (e.g. geocoding,
 * where the expensive part is the paid upstream call, already behind a cache).
 */
export class WindowLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    /** Keys kept at most; the oldest windows are forgotten first (they are the likeliest expired). */
    readonly maxKeys = 50_000,
  ) {}

  /** Counts a hit; `allowed` false (with the seconds until the window ends) once over the limit. */
  hit(key: string, nowMs: number): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    let window = this.#windows.get(key);
    if (!window || nowMs - window.start >= this.windowMs) {
      this.#windows.delete(key);
      if (this.#windows.size >= this.maxKeys) this.#windows.delete(this.#windows.keys().next().value!);
      window = { start: nowMs, count: 0 };
      this.#windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= this.limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + this.windowMs - nowMs) / 1000)) };
  }
}
