import type { ResourceLimits } from 'node:worker_threads';

/**
 * V8's limits for the threads the server starts (PGlite's, the page renderer's): the young
 * generation of 12 MB that the server's own thread gets from `--max-semi-space-size=4`
 * (scripts/lib.mjs, decision 050). Left to V8, a thread's young generation grows to 128 MB under
 * a burst of work and stays resident after it.
 */
export const THREAD_RESOURCE_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 12 };
