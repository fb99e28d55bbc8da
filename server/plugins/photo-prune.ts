import fp from 'fastify-plugin';

import type { Database } from '../db/client';
import { PHOTO_PRUNE_INTERVAL_MS, prunePhotos, type PruneReport } from '../db/photo-prune';

declare module 'fastify' {
  interface FastifyInstance {
    photoPrune: {
      /**
       * One run of the photo clean-up (decision 038): deletes the variants no product has shown
       * for longer than the longest cache that names them. Logged, not audited (no one did it).
       */
      run(): Promise<PruneReport>;
    };
  }
}

/**
 * The photo clean-up job: every process tries it at start and then hourly; the first to take
 * its advisory lock runs it, the others skip that round. `npm run ops -- photos:prune` runs it
 * by hand.
 */
export default fp<{ database: Database; runJob?: boolean }>(
  async (app, { database, runJob = true }) => {
    let closing = false;
    let running: Promise<PruneReport> | null = null;

    async function prune(): Promise<PruneReport> {
      const report = await prunePhotos(database.db, app.clock.now());
      if (!report.ran) app.log.debug('photo clean-up: another process or an upload holds the lock; skipped');
      else if (report.photos.length > 0) {
        app.log.info(
          {
            photos: report.photos.map((p) => ({ hash: p.hash, productId: p.productId, lastShownAt: p.lastShownAt })),
            variants: report.variants,
            bytes: report.bytes,
          },
          'photo clean-up deleted photos no product has shown for longer than the caches keep them',
        );
      }
      return report;
    }

    function run(): Promise<PruneReport> {
      // One run at a time per process; a call during one waits for it and runs again.
      const next = (running ?? Promise.resolve(null)).catch(() => null).then(prune);
      running = next;
      return next;
    }

    let timer: NodeJS.Timeout | undefined;
    if (runJob) {
      app.addHook('onReady', async () => {
        const tick = () => {
          if (closing) return;
          void run().catch((error) => app.log.error({ err: error }, 'photo clean-up failed; it runs again in an hour'));
        };
        tick();
        timer = setInterval(tick, PHOTO_PRUNE_INTERVAL_MS).unref();
      });
    }
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(timer);
      await running?.catch(() => {});
    });

    app.decorate('photoPrune', { run });
  },
  { name: 'photo-prune', dependencies: ['clock'] },
);
