interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task, after the browser has had the chance to handle input and paint:
 * `scheduler.yield()` where the browser has it (its continuation runs before other queued work),
 * else a zero-delay timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
