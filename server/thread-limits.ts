import type { ResourceLimits } from 'node:worker_threads';

/**
 * V8's limits for the threads the server starts (PGlite's, the page renderer's): the young
 * generation the server's own thread gets from `--max-semi-space-size=4` (scripts/lib.mjs,
 * decision 050). V8 counts 12 MB for it, of which the semi-spaces are 8 MB. Left to V8 on a host
 * with 4 GB or more, a thread's semi-spaces grow to 128 MB under a burst of work and stay
 * resident after it.
 */
export const THREAD_RESOURCE_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 12 };
