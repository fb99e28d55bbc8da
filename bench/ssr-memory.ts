/**
 * The server's memory while it renders many distinct pages for first visits (decision 015): the
 * server (`server/server.ts` under tsx, on PGlite unless DATABASE_URL is set) is asked for product
 * and category pages under distinct addresses (a query string the app ignores makes each one new
 * to the renderer's cache), a few at a time, and its resident memory is read at idle and after each
 * step. The renderer's thread is part of the process, so RSS includes it.
 *
 *   npm run build && node --import tsx bench/ssr-memory.ts [--pages 6000] [--step 1000] [--concurrency 4] [--built]
 *
 * `--built` runs the built server as `npm start` does (`node --max-semi-space-size=4
 * dist-node/server.js` with glibc's allocator settings; decisions 046 and 050) instead of
 * `server/server.ts` under tsx, whose compiler adds its own memory (decision 043).
 *
 * Target (issue 20): flat after the first 1,000 distinct pages. Prints one JSON object.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { SERVER_MALLOC_SETTINGS, SERVER_NODE_FLAGS, withServerMallocSettings } from '../scripts/lib.mjs';
import { startServer } from '../tests/support/server-process';
import { rssMbOf } from './process-stats';

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '6000' },
    step: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '4' },
    built: { type: 'boolean', default: false },
  },
});
const pages = Number(args.pages);
const step = Number(args.step);
const concurrency = Number(args.concurrency);

const CATEGORIES = ['vegetables-fruits', 'dairy-breakfast', 'munchies', 'bakery-biscuits', 'personal-care'];
const addressOf = (n: number) =>
  n % 4 === 3 ? `/${CATEGORIES[n % CATEGORIES.length]}?v=${n}` : `/products/${(n % 444) + 1}?v=${n}`;

const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-ssr-'));
const server = await startServer({
  dataDir,
  // glibc's allocator settings as `npm start` sets them, unless set already (as there).
  env: {
    ...(args.built && withServerMallocSettings()),
    NODE_ENV: 'development',
    CONNECTIONS_PER_IP: '0',
  },
  // --built: the server as production runs it (`npm start`), without tsx's compiler.
  ...(args.built && { script: 'dist-node/server.js', tsx: false, nodeArgs: SERVER_NODE_FLAGS }),
});
const steps: { pages: number; rssMb: number; rendered: number }[] = [];
let rendered = 0;
try {
  await fetch(new URL('/', server.url), { headers: { accept: 'text/html' } });
  await settle();
  const idleRssMb = rssMbOf(server.pid);
  let next = 0;
  for (let done = 0; done < pages; done += step) {
    const until = Math.min(pages, done + step);
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < until) {
          // A browser's navigation: only those get a page (other requests get the shell or a 404).
          const res = await fetch(new URL(addressOf(next++), server.url), { headers: { accept: 'text/html' } });
          const html = await res.text();
          if (html.includes('data-prerendered')) rendered++;
        }
      }),
    );
    await settle();
    steps.push({ pages: until, rssMb: rssMbOf(server.pid), rendered });
  }
  console.log(
    JSON.stringify(
      {
        benchmark: 'ssr-memory',
        command: `node --import tsx bench/ssr-memory.ts --pages ${pages} --step ${step} --concurrency ${concurrency}${args.built ? ' --built' : ''}`,
        server: args.built
          ? `${Object.entries(SERVER_MALLOC_SETTINGS)
              .map(([name, value]) => `${name}=${value}`)
              .join(' ')} node ${SERVER_NODE_FLAGS.join(' ')} dist-node/server.js`
          : 'node --import tsx server/server.ts',
        engine: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        idleRssMb,
        steps,
        growthAfterFirstStepMb: Math.round((steps.at(-1)!.rssMb - steps[0]!.rssMb) * 10) / 10,
        target: 'flat after the first 1,000 distinct pages',
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
