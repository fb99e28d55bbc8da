/**
 * What one process knows about code checks, so that a flood of checks for one number cannot take
 * the database pool (decision 024): the numbers being checked right now (a second check waits for
 * none and is refused), and the numbers whose code is locked by too many wrong tries (refused
 * without asking the database). The database stays the truth; this only answers what it would.
 */
export class VerifyGuard {
  readonly #running = new Set<string>();
  readonly #locked = new Map<string, { requestedAt: Date; untilMs: number }>();

  /** Locked numbers kept at most; the oldest are forgotten first (the database still knows). */
  constructor(readonly maxLocked = 50_000) {}

  /**
   * Starts a check of `mobile`'s code; false while another check of it runs in this process.
   * Call `finish` when it is done.
   */
  start(mobile: string): boolean {
    if (this.#running.has(mobile)) return false;
    this.#running.add(mobile);
    return true;
  }

  finish(mobile: string) {
    this.#running.delete(mobile);
  }

  /**
   * The number's code was found locked: its challenge was issued at `requestedAt`. Trusted until
   * `untilMs`, the first moment any process may send the number a new code (the resend wait).
   */
  rememberLocked(mobile: string, requestedAt: Date, untilMs: number) {
    this.#locked.delete(mobile);
    if (this.#locked.size >= this.maxLocked) this.#locked.delete(this.#locked.keys().next().value!);
    this.#locked.set(mobile, { requestedAt, untilMs });
  }

  /** When the locked code of `mobile` was requested, while what was remembered still holds. */
  lockedSince(mobile: string, nowMs: number): Date | undefined {
    const entry = this.#locked.get(mobile);
    if (!entry) return undefined;
    if (nowMs >= entry.untilMs) {
      this.#locked.delete(mobile);
      return undefined;
    }
    return entry.requestedAt;
  }

  /** A new code was sent to `mobile` by this process: the old lock no longer applies. */
  forget(mobile: string) {
    this.#locked.delete(mobile);
  }
}
