import { performance, type EventLoopUtilization } from 'node:perf_hooks';

import fp from 'fastify-plugin';

import type { SheddingConfig } from '../config';
import { errorBody } from '../errors';
import { isApiPath } from '../web/api-path';

/** What the last sample read, and which thresholds it was over. */
export interface PressureReading {
  /** The 99th percentile of event-loop delay over the sample (ms): how late the monitor's ticks ran. */
  eventLoopDelayMs: number;
  /** The share of the sample the event loop was busy, 0 to 1. */
  eventLoopUtilization: number;
  heapUsedBytes: number;
  rssBytes: number;
  /** One sentence per threshold that was crossed; empty when the process is not under pressure. */
  reasons: string[];
}

export interface Pressure {
  /** The latest reading. */
  current(): PressureReading;
  /** Whether /api calls are being shed. */
  underPressure(): boolean;
  /** API calls answered 503 so far. */
  readonly shed: number;
  /**
   * Test seam: replaces the readings with `reasons` (as if a sample had crossed a threshold)
   * until called with null.
   */
  simulate(reasons: string[] | null): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    pressure: Pressure;
  }
}

export const BUSY_MESSAGE = 'The store is busy. Please try again in a moment.';

/** The monitor's tick: finer costs more, coarser reads short stalls less precisely. */
const TICK_MS = 20;
const MB = 1024 * 1024;

/** The 99th percentile of `values` (not empty). */
function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.99) - 1]!;
}

/**
 * Load shedding (decision 023). A timer ticks every 20 ms and notes how late each tick ran (the
 * event-loop delay); every `sampleIntervalMs`, or at once when one tick ran later than the delay
 * threshold, the 99th percentile of those delays, the event-loop utilisation and memory are
 * read. The loop's figures must be over their threshold in two readings in a row; memory in one.
 * While a reading is over a threshold, /api calls are answered 503 with Retry-After at once
 * instead of queueing behind the work already under way, and /readyz says so. Pages, static
 * files and /healthz are still served: they are cheap, and a shopper's app shell keeps working
 * on what it has. With every threshold off nothing is measured.
 */
export default fp<{ shedding: SheddingConfig }>(
  async (app, { shedding }) => {
    let utilizationMark: EventLoopUtilization = performance.eventLoopUtilization();
    let reading: PressureReading = {
      eventLoopDelayMs: 0,
      eventLoopUtilization: 0,
      heapUsedBytes: 0,
      rssBytes: 0,
      reasons: [],
    };
    let simulated: string[] | null = null;
    let shed = 0;

    let lastTick = performance.now();
    let sampleStart = lastTick;
    let delays: number[] = [];

    const sample = () => {
      const eventLoopDelayMs = delays.length > 0 ? p99(delays) : 0;
      const utilization = performance.eventLoopUtilization(utilizationMark);
      utilizationMark = performance.eventLoopUtilization();
      // The loop counts as overloaded when two readings in a row say so: a single stall (a large
      // collection, a slow synchronous call) is over before shedding could help anyone.
      const sustainedDelay = Math.min(eventLoopDelayMs, reading.eventLoopDelayMs);
      const sustainedUtilization = Math.min(utilization.utilization, reading.eventLoopUtilization);
      const { heapUsed, rss } = process.memoryUsage();
      const reasons: string[] = [];
      const { eventLoopDelayMs: maxDelay, eventLoopUtilization: maxUtilization, heapUsedBytes, rssBytes } = shedding;
      if (maxDelay !== null && sustainedDelay > maxDelay) {
        reasons.push(`event-loop delay ${Math.round(sustainedDelay)} ms is over ${maxDelay} ms`);
      }
      if (maxUtilization !== null && sustainedUtilization > maxUtilization) {
        reasons.push(`event-loop utilisation ${sustainedUtilization.toFixed(3)} is over ${maxUtilization}`);
      }
      if (heapUsedBytes !== null && heapUsed > heapUsedBytes) {
        reasons.push(`heap in use ${Math.round(heapUsed / MB)} MB is over ${Math.round(heapUsedBytes / MB)} MB`);
      }
      if (rssBytes !== null && rss > rssBytes) {
        reasons.push(`resident memory ${Math.round(rss / MB)} MB is over ${Math.round(rssBytes / MB)} MB`);
      }
      // One line when shedding starts and one when it ends, never one per shed call.
      if (reasons.length > 0 && reading.reasons.length === 0) {
        app.log.warn({ pressure: reasons }, 'under pressure: answering API calls 503 until it passes');
      } else if (reasons.length === 0 && reading.reasons.length > 0) {
        app.log.info('pressure passed: serving API calls again');
      }
      reading = {
        eventLoopDelayMs,
        eventLoopUtilization: utilization.utilization,
        heapUsedBytes: heapUsed,
        rssBytes: rss,
        reasons,
      };
    };
    // One timer both measures and reads, so that a stall is read on the tick that measured it. It
    // starts once the app is ready: building the app is not a stall of a serving process.
    let timer: NodeJS.Timeout | undefined;
    const tick = () => {
      const now = performance.now();
      const delay = Math.max(0, now - lastTick - TICK_MS);
      lastTick = now;
      delays.push(delay);
      const stalled = shedding.eventLoopDelayMs !== null && delay > shedding.eventLoopDelayMs;
      if (!stalled && now - sampleStart < shedding.sampleIntervalMs) return;
      sample();
      delays = [];
      sampleStart = now;
    };
    const measuring = [
      shedding.eventLoopDelayMs,
      shedding.eventLoopUtilization,
      shedding.heapUsedBytes,
      shedding.rssBytes,
    ].some((threshold) => threshold !== null);
    app.addHook('onReady', async () => {
      if (!measuring) return;
      lastTick = sampleStart = performance.now();
      utilizationMark = performance.eventLoopUtilization();
      timer = setInterval(tick, TICK_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));

    const current = (): PressureReading => (simulated ? { ...reading, reasons: simulated } : reading);
    const underPressure = () => current().reasons.length > 0;
    app.decorate('pressure', {
      current,
      underPressure,
      get shed() {
        return shed;
      },
      simulate(reasons: string[] | null) {
        simulated = reasons && reasons.length > 0 ? reasons : null;
      },
    } satisfies Pressure);

    app.addHook('onRequest', async (request, reply) => {
      if (!isApiPath(request.url) || !underPressure()) return;
      shed++;
      return reply
        .code(503)
        .header('Retry-After', String(shedding.retryAfterSeconds))
        .header('Cache-Control', 'no-store')
        .send(errorBody('SERVER_BUSY', BUSY_MESSAGE));
    });
  },
  { name: 'pressure' },
);
