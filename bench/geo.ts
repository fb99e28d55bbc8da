/**
 * Geocoding through the bundled gazetteer (the answer when no Google key is set or Google fails,
 * and the public place search; decision 027), measured through the same module the routes call:
 * the load time a server start adds, the data's size on disk and in memory, reverse lookups at
 * random points over India, and autocomplete over a fixed mix of localities, cities (today's and
 * former names), PIN codes and misspellings, with and without the map's centre.
 *
 *   node --import tsx bench/geo.ts [--rounds 20000]
 *
 * Prints one JSON object. Target: p95 under 5 ms for each.
 */
import { statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';

import { cachedOrBuiltData, loadGazetteer } from '../server/geo/gazetteer';

const QUERIES = [
  'mu',
  'mum',
  'mumbai',
  'pune',
  'ban',
  'bengaluru',
  'bangalore',
  'bombay',
  'calcutta',
  'madras',
  'poona',
  'gurugram',
  'del',
  'new delhi',
  'hyd',
  'chen',
  'kol',
  'than',
  'navi',
  'powai',
  'nag',
  'ahmed',
  'jai',
  'luck',
  'pune mah',
  'sh',
  'ra',
  'goa',
  'andheri',
  'bandra',
  'koramangala',
  'indiranagar',
  'whitefield',
  'hsr',
  'hsr layout',
  'koramangla',
  'indranagar',
  'bandora',
  'whitefeild',
  'andheri east',
  'sector 62 noida',
  '560034',
  '4000',
  '110',
  'x',
];

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index]! * 1000) / 1000;
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: percentile(sorted, 100),
  };
};

async function main() {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20000' } } });
  const rounds = Number(values.rounds);
  // Built or cached before timing: the load time is what a server start adds.
  const bytes = await cachedOrBuiltData();
  global.gc?.();
  const before = process.memoryUsage();
  const loadStart = performance.now();
  const gazetteer = await loadGazetteer();
  const loadMs = Math.round(performance.now() - loadStart);
  global.gc?.();
  const after = process.memoryUsage();
  const mb = (n: number) => Math.round((n / 2 ** 20) * 10) / 10;

  // A fixed pseudo-random sequence of points in India's bounding box, so runs compare.
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const reverse: number[] = [];
  let answered = 0;
  for (let i = 0; i < rounds; i++) {
    const lat = 8 + random() * 27;
    const lng = 68 + random() * 29;
    const start = performance.now();
    if (await gazetteer.reverse(lat, lng)) answered++;
    reverse.push(performance.now() - start);
  }
  const centres = [undefined, { lat: 12.97, lng: 77.59 }, { lat: 19.07, lng: 72.88 }, { lat: 28.61, lng: 77.21 }];
  const autocomplete: number[] = [];
  const slowest = new Map<string, number>();
  for (let i = 0; i < rounds; i++) {
    const query = QUERIES[i % QUERIES.length]!;
    const near = centres[Math.floor(i / QUERIES.length) % centres.length];
    const start = performance.now();
    await gazetteer.autocomplete(query, near);
    const ms = performance.now() - start;
    autocomplete.push(ms);
    slowest.set(query, Math.max(slowest.get(query) ?? 0, ms));
  }
  const dataFile = process.env.GAZETTEER_FILE;
  console.log(
    JSON.stringify({
      benchmark: 'geo-gazetteer',
      ...gazetteer.size,
      dataFileBytes: dataFile ? statSync(dataFile).size : bytes.byteLength,
      loadMs,
      memoryMb: {
        heapUsed: mb(after.heapUsed - before.heapUsed),
        arrayBuffers: mb(after.arrayBuffers - before.arrayBuffers),
        rss: mb(after.rss - before.rss),
        measuredWithGc: typeof global.gc === 'function',
      },
      reverse: { ...summary(reverse), answeredShare: Math.round((answered / rounds) * 100) / 100 },
      autocomplete: summary(autocomplete),
      slowestQueries: [...slowest]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([query, ms]) => ({ query, maxMs: Math.round(ms * 1000) / 1000 })),
      targetP95Ms: 5,
      loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
      cpus: cpus().length,
      node: process.version,
      command: `node --import tsx bench/geo.ts --rounds ${rounds}`,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
