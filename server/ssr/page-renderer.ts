/**
 * Server rendering of pages for a first visit (decision 015). The app's server build
 * (`<dist>-server/ssr.js`, made by `npm run build`) runs in a worker thread; the server asks it
 * for an address and puts the answer into the built `index.html` (web/page-html.ts).
 *
 * Rendering is an improvement, never a requirement: no build, a busy or broken worker, a page
 * the app does not render on the server (a missing product, a signed-in page) or a slow render
 * all give null, and the caller sends the shell as before.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

import { THREAD_RESOURCE_LIMITS } from '../thread-limits';
import { isOwnMessage } from '../thread-messages';
import type { RenderedPage } from '../web/page-html';

export interface PageRendererOptions {
  /** The server build's entry (`ssr.js`). */
  entry: string;
  /** The server's own address, for the app's API calls. */
  origin: string;
  /** How long a visitor waits for a render before getting the shell. */
  timeoutMs?: number;
  /** How long a rendered address is reused (the browser fetches fresh data as it starts anyway). */
  cacheMs?: number;
  /** How many rendered addresses are kept. */
  cacheSize?: number;
  /**
   * Renders the worker may have under way (counted until it answers, not until the visitor
   * stopped waiting); beyond them a request gets the shell, which bounds the work a flood of
   * distinct addresses can cause.
   */
  maxPending?: number;
  /** Extra time the first render after the worker starts may take (it loads the app). */
  startMs?: number;
}

/** The server build beside a client build, when there is one. */
export function serverBuildEntry(distDir: string): string | null {
  const entry = path.join(`${distDir}-server`, 'ssr.js');
  return existsSync(entry) ? entry : null;
}

type Log = { warn: (details: object, message: string) => void };

/** The renderer's load, for /metrics. */
export interface PageRendererStats {
  /** Renders the worker has not answered yet (at most `maxPending`). */
  inFlight: number;
  /** Visitors waiting for a render. */
  waiting: number;
  /** The bound on `inFlight`. */
  capacity: number;
  /** Visitors sent the shell so far because `capacity` renders were under way. */
  refusedBusy: number;
}

type Answer = { ready: true } | { id: number; page: RenderedPage | null; error?: string };

/** Timeouts in a row after which the worker is taken to be stuck and is started afresh. */
/** How long closing waits for the worker thread to stop. */
const CLOSE_WAIT_MS = 5000;
const STUCK_AFTER = 3;
/** Starts in a row that fail before answering once, after which rendering is given up. */
const GIVE_UP_AFTER = 3;

export class PageRenderer {
  private worker: Worker | null = null;
  /** Visitors waiting, by render id. */
  private readonly waiting = new Map<number, { resolve: (page: RenderedPage | null) => void; timer: NodeJS.Timeout }>();
  /** Renders the worker has not answered yet, with the log of the request that asked for each. */
  private readonly running = new Map<number, Log>();
  private readonly inFlight = new Map<string, Promise<RenderedPage | null>>();
  private readonly cache = new Map<string, { page: RenderedPage | null; at: number }>();
  private nextId = 1;
  private refusedBusy = 0;
  private failedStarts = 0;
  private timeoutsInARow = 0;
  /** Whether the worker has answered since it started (its first render also loads the app). */
  private warm = false;
  private closed = false;
  private readonly timeoutMs: number;
  private readonly cacheMs: number;
  private readonly cacheSize: number;
  private readonly maxPending: number;
  private readonly startMs: number;

  constructor(
    private readonly options: PageRendererOptions,
    private readonly log: Log = console,
  ) {
    this.timeoutMs = options.timeoutMs ?? 1500;
    this.cacheMs = options.cacheMs ?? 10_000;
    this.cacheSize = options.cacheSize ?? 200;
    this.maxPending = options.maxPending ?? 8;
    this.startMs = options.startMs ?? 3000;
  }

  /**
   * The page for `url` (path and query), or null to send the shell. A render's failure is logged
   * on `log` (the asking request's, so that the line carries its id).
   */
  render(url: string, log: Log = this.log): Promise<RenderedPage | null> {
    const cached = this.cache.get(url);
    if (cached && Date.now() - cached.at < this.cacheMs) return Promise.resolve(cached.page);
    const underWay = this.inFlight.get(url);
    if (underWay) return underWay;
    if (this.closed || this.failedStarts >= GIVE_UP_AFTER) return Promise.resolve(null);
    if (this.running.size >= this.maxPending) {
      this.refusedBusy++;
      return Promise.resolve(null);
    }
    const render = this.ask(url, log).then((page) => {
      this.inFlight.delete(url);
      this.remember(url, page);
      return page;
    });
    this.inFlight.set(url, render);
    return render;
  }

  stats(): PageRendererStats {
    return {
      inFlight: this.running.size,
      waiting: this.waiting.size,
      capacity: this.maxPending,
      refusedBusy: this.refusedBusy,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const id of [...this.waiting.keys()]) this.answer(id, null);
    this.running.clear();
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    // A worker busy in native code can take its time to stop; closing the server does not wait
    // for it beyond a bound (the thread goes with the process).
    let bound: NodeJS.Timeout | undefined;
    await Promise.race([
      worker.terminate(),
      new Promise<void>((resolve) => {
        bound = setTimeout(() => {
          this.log.warn({ waitedMs: CLOSE_WAIT_MS }, 'the page renderer did not stop in time; closing without it');
          worker.unref();
          resolve();
        }, CLOSE_WAIT_MS);
        bound.unref();
      }),
    ]);
    clearTimeout(bound);
  }

  private remember(url: string, page: RenderedPage | null) {
    const now = Date.now();
    this.cache.delete(url);
    this.cache.set(url, { page, at: now });
    // Oldest first (a Map keeps insertion order): the expired, then any beyond the size.
    for (const [key, entry] of this.cache) {
      if (this.cache.size <= this.cacheSize && now - entry.at < this.cacheMs) break;
      this.cache.delete(key);
    }
  }

  private ask(url: string, log: Log): Promise<RenderedPage | null> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    this.running.set(id, log);
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.timedOut(id), this.timeoutMs + (this.warm ? 0 : this.startMs));
      this.waiting.set(id, { resolve, timer });
      worker.postMessage({ id, url });
    });
  }

  /** The visitor gets the shell; a worker that keeps timing out is started afresh. */
  private timedOut(id: number) {
    this.answer(id, null);
    if (++this.timeoutsInARow < STUCK_AFTER || !this.worker) return;
    this.log.warn({ timeouts: this.timeoutsInARow }, 'page renderer keeps timing out; starting it afresh');
    this.timeoutsInARow = 0;
    const stuck = this.worker;
    this.worker = null;
    this.running.clear();
    for (const waiting of [...this.waiting.keys()]) this.answer(waiting, null);
    void stuck.terminate();
  }

  private answer(id: number, page: RenderedPage | null) {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    clearTimeout(waiting.timer);
    waiting.resolve(page);
  }

  private start(): Worker {
    const worker = new Worker(new URL('./page-worker.mjs', import.meta.url), {
      workerData: { entry: this.options.entry, origin: this.options.origin, timeoutMs: this.timeoutMs },
      // Plain JavaScript: no loader (tsx) needed in the thread.
      execArgv: [],
      resourceLimits: THREAD_RESOURCE_LIMITS,
    });
    worker.unref();
    this.warm = false;
    worker.on('message', (answer: Answer) => {
      if (!isOwnMessage(answer, 'ready', 'id')) return;
      this.warm = true;
      this.failedStarts = 0;
      if ('ready' in answer) return;
      const log = this.running.get(answer.id) ?? this.log;
      this.running.delete(answer.id);
      this.timeoutsInARow = 0;
      if (answer.error) log.warn({ error: answer.error }, 'page render failed; sent the shell');
      this.answer(answer.id, answer.page);
    });
    worker.on('error', (error) => {
      if (!this.warm) this.failedStarts++;
      this.log.warn({ error: error.message }, 'page renderer stopped; sending the shell');
    });
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.running.clear();
      for (const id of [...this.waiting.keys()]) this.answer(id, null);
    });
    this.worker = worker;
    return worker;
  }
}
