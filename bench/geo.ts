/**
 * Geocoding latency through the bundled gazetteer (the answer when no Google key is set or Google
 * fails): reverse lookups at random points over India and autocomplete over a fixed query mix,
 * measured through the same module the routes call.
 *
 *   node --import tsx bench/geo.ts [--rounds 20000]
 *
 * Prints one JSON object. Target: p95 under 10 ms for each.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';

import { loadGazetteer } from '../server/geo/gazetteer';

const QUERIES = [
  'mu',
  'mum',
  'mumbai',
  'pune',
  'ban',
  'bengaluru',
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
  const loadStart = performance.now();
  const gazetteer = await loadGazetteer();
  const loadMs = Math.round(performance.now() - loadStart);

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
  const autocomplete: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await gazetteer.autocomplete(QUERIES[i % QUERIES.length]!);
    autocomplete.push(performance.now() - start);
  }
  console.log(
    JSON.stringify({
      benchmark: 'geo-gazetteer',
      places: gazetteer.places.length,
      loadMs,
      reverse: { ...summary(reverse), answeredShare: Math.round((answered / rounds) * 100) / 100 },
      autocomplete: summary(autocomplete),
      targetP95Ms: 10,
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
