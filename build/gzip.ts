import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Writes a `.gz` copy beside each file, the smallest gzip stream we know how to make: Zopfli's,
 * which any gzip decoder reads, 3-4 % smaller than zlib's level 9 (decision 068). It takes about a
 * hundred times zlib's time, so it runs at build time only, on as many threads as there are cores.
 */
export async function writeGzipCopies(files: readonly string[]): Promise<void> {
  const queue = [...files];
  const threads = Math.max(1, Math.min(availableParallelism(), queue.length));
  await Promise.all(
    Array.from({ length: threads }, async () => {
      const worker = new Worker(new URL('./gzip-worker.mjs', import.meta.url));
      try {
        for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
          const done = new Promise<void>((resolve, reject) => {
            worker.once('message', ({ error }: { error?: string }) =>
              error ? reject(new Error(`gzip of ${file} failed: ${error}`)) : resolve(),
            );
            worker.once('error', reject);
          });
          worker.postMessage(file);
          await done;
          worker.removeAllListeners('error');
        }
      } finally {
        await worker.terminate();
      }
    }),
  );
}
