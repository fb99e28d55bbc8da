import fp from 'fastify-plugin';

import type { AppConfig, PaymentsConfig } from '../config';
import type { Database } from '../db/client';
import type { PaymentGateway } from '../payments/gateway';
import { createGateway } from '../payments/index';
import { LocalGateway, localGatewaySecrets } from '../payments/local';
import { sweep, type PaymentsDeps, type SweepReport } from '../payments/service';

declare module 'fastify' {
  interface FastifyInstance {
    payments: {
      config: PaymentsConfig;
      /** Null when PAYMENT_PROVIDER=off (cash on delivery only). */
      gateway: PaymentGateway | null;
      /** The gateway with the database, clock and log (null when off). */
      deps: PaymentsDeps | null;
      /** One run of the payments job (expired holds, refund retries); every process runs it. */
      sweep(): Promise<SweepReport>;
      /** The local gateway delivers its due webhooks now; answers how many were accepted. */
      deliverWebhooks(): Promise<number>;
      /** Resolves when no job run or webhook delivery is under way. */
      idle(): Promise<void>;
    };
  }
}

/** How often every process runs the payments job, and delivers the local gateway's due webhooks. */
export const SWEEP_INTERVAL_MS = 30_000;
const WEBHOOK_INTERVAL_MS = 2_000;

/**
 * Online payment (issue 17, decision 030): the gateway PAYMENT_PROVIDER chooses, the payments job
 * (a sweep at start, then every ~30 s), and, with the local gateway, the delivery of its signed
 * webhooks to our own POST /api/payment/webhook (injected: the same route Razorpay's reach).
 */
export default fp<{ config: AppConfig; database: Database; runJob?: boolean }>(
  async (app, { config, database, runJob = true }) => {
    const now = () => app.clock.now();
    let webhooksQueued = false;
    const pending = new Set<Promise<unknown>>();
    const track = <T>(work: Promise<T>): Promise<T> => {
      pending.add(work);
      void work.finally(() => pending.delete(work)).catch(() => {});
      return work;
    };
    let closing = false;

    const gateway = await createGateway(config.payments, {
      database,
      now,
      localSecrets: config.payments.provider === 'local' ? await localGatewaySecrets(database) : undefined,
      onWebhookQueued: () => {
        if (closing || webhooksQueued) return;
        webhooksQueued = true;
        setImmediate(() => {
          webhooksQueued = false;
          if (!closing)
            void deliverWebhooks().catch((error) => app.log.warn({ err: error }, 'webhook delivery failed'));
        });
      },
    });
    const deps: PaymentsDeps | null = gateway && { db: database.db, gateway, now, log: app.log };

    let delivering: Promise<number> | null = null;
    function deliverWebhooks(): Promise<number> {
      if (!(gateway instanceof LocalGateway) || closing) return Promise.resolve(0);
      // One delivery round at a time per process; a call during one waits for it and runs again.
      const run = (delivering ?? Promise.resolve(0))
        .catch(() => 0)
        .then(() =>
          gateway.deliverDue(async (body, headers) => {
            const response = await app.inject({ method: 'POST', url: '/api/payment/webhook', headers, payload: body });
            return response.statusCode;
          }),
        );
      delivering = run;
      return track(run);
    }

    let sweeping: Promise<SweepReport> | null = null;
    function runSweep(): Promise<SweepReport> {
      if (!deps || closing) return Promise.resolve({ released: 0, paid: 0, refundsStarted: 0 });
      const run = (sweeping ?? Promise.resolve(null)).catch(() => null).then(() => sweep(deps));
      sweeping = run;
      return track(run);
    }

    const timers: NodeJS.Timeout[] = [];
    if (deps && runJob) {
      app.addHook('onReady', async () => {
        const tick = () =>
          void runSweep().catch((error) => app.log.error({ err: error }, 'payments job failed; it runs again shortly'));
        tick();
        timers.push(setInterval(tick, SWEEP_INTERVAL_MS).unref());
        if (gateway instanceof LocalGateway) {
          timers.push(
            setInterval(
              () => void deliverWebhooks().catch((error) => app.log.warn({ err: error }, 'webhook delivery failed')),
              WEBHOOK_INTERVAL_MS,
            ).unref(),
          );
        }
      });
    }
    app.addHook('preClose', async () => {
      closing = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...pending]);
    });

    app.decorate('payments', {
      config: config.payments,
      gateway,
      deps,
      sweep: runSweep,
      deliverWebhooks,
      async idle() {
        while (pending.size > 0) await Promise.allSettled([...pending]);
      },
    });
  },
  { name: 'payments', dependencies: ['clock'] },
);
