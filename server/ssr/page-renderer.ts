/**
 * Server rendering of pages for a first visit (decision 015). The app's server build
 * (`<dist>-server/ssr.js`, made by `npm run build`) runs in a worker thread; the server asks it
 * for an address and puts the answer into the built `index.html` (domain/page-html.ts).
 *
 * Rendering is an improvement, never a requirement: no build, a busy or broken worker, a page
 * the app does not render on the server (a missing product, a signed-in page) or a slow render
 * all give null, and the caller sends the shell as before.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

import type { RenderedPage } from '../domain/page-html';

export interface PageRendererOptions {
  /** The server build's entry (`ssr.js`). */
  entry: string;
  /** The server's own address, for the app's API calls. */
  origin: string;
  /** How long one render may take before the shell is sent instead. */
  timeoutMs?: number;
  /** How long a rendered address is reused (the browser fetches fresh data as it starts anyway). */
  cacheMs?: number;
  /** How many rendered addresses are kept. */
  cacheSize?: number;
  /** Renders under way beyond which a request gets the shell (bounds the work a flood can cause). */
  maxPending?: number;
  /** Extra time the first render after the worker starts may take (it loads the app). */
  startMs?: number;
}

/** The server build beside a client build, when there is one. */
export function serverBuildEntry(distDir: string): string | null {
  const entry = path.join(`${distDir}-server`, 'ssr.js');
  return existsSync(entry) ? entry : null;
}

interface Pending {
  resolve: (page: RenderedPage | null) => void;
  timer: NodeJS.Timeout;
}

type Answer = { ready: true } | { id: number; page: RenderedPage | null; error?: string };

export class PageRenderer {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private readonly inFlight = new Map<string, Promise<RenderedPage | null>>();
  private readonly cache = new Map<string, { page: RenderedPage | null; at: number }>();
  private nextId = 1;
  private failures = 0;
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
    private readonly log: { warn: (details: object, message: string) => void } = console,
  ) {
    this.timeoutMs = options.timeoutMs ?? 1500;
    this.cacheMs = options.cacheMs ?? 10_000;
    this.cacheSize = options.cacheSize ?? 500;
    this.maxPending = options.maxPending ?? 8;
    this.startMs = options.startMs ?? 3000;
  }

  /** The page for `url` (path and query), or null to send the shell. */
  render(url: string): Promise<RenderedPage | null> {
    const cached = this.cache.get(url);
    if (cached && Date.now() - cached.at < this.cacheMs) return Promise.resolve(cached.page);
    const running = this.inFlight.get(url);
    if (running) return running;
    // A worker that keeps failing to start is given up on: the shell still works.
    if (this.closed || this.failures >= 3 || this.pending.size >= this.maxPending) return Promise.resolve(null);
    const render = this.ask(url).then((page) => {
      this.inFlight.delete(url);
      this.cache.delete(url);
      this.cache.set(url, { page, at: Date.now() });
      // Oldest first: Map keeps insertion order.
      for (const key of this.cache.keys()) {
        if (this.cache.size <= this.cacheSize) break;
        this.cache.delete(key);
      }
      return page;
    });
    this.inFlight.set(url, render);
    return render;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const { resolve, timer } of this.pending.values()) {
      clearTimeout(timer);
      resolve(null);
    }
    this.pending.clear();
    await this.worker?.terminate();
    this.worker = null;
  }

  private ask(url: string): Promise<RenderedPage | null> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve) => {
      // Starting the worker and its first render take longer than later ones.
      const timer = setTimeout(() => this.settle(id, null), this.timeoutMs + (this.warm ? 0 : this.startMs));
      this.pending.set(id, { resolve, timer });
      worker.postMessage({ id, url });
    });
  }

  private settle(id: number, page: RenderedPage | null) {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    pending.resolve(page);
  }

  private start(): Worker {
    const worker = new Worker(new URL('./page-worker.mjs', import.meta.url), {
      workerData: { entry: this.options.entry, origin: this.options.origin, timeoutMs: this.timeoutMs },
      // Plain JavaScript: no loader (tsx) needed in the thread.
      execArgv: [],
    });
    worker.unref();
    worker.on('message', (answer: Answer) => {
      this.warm = true;
      if ('ready' in answer) return;
      if (answer.error) this.log.warn({ error: answer.error }, 'page render failed; sent the shell');
      this.settle(answer.id, answer.page);
    });
    worker.on('error', (error) => {
      this.failures++;
      this.log.warn({ error: error.message }, 'page renderer stopped; sending the shell');
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      this.warm = false;
      for (const id of [...this.pending.keys()]) this.settle(id, null);
    });
    this.worker = worker;
    return worker;
  }
}
