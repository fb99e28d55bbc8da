/**
 * The photo pipeline's time per upload (decision 033): `processPhoto` (check, decode, fit, encode
 * AVIF and WebP at 128, 320, 640 and 960 px) on a phone-sized JPEG, in this process, one photo
 * at a time (the server encodes at most two at once). Also how fast a decompression bomb is
 * refused. Prints one JSON object.
 *
 *   npm run bench:photos -- [--runs 20] [--warmup 2] [--width 4000] [--height 3000]
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

import sharp from 'sharp';

import { PhotoRejected, processPhoto } from '../server/domain/photos';
import { photo, pngBomb } from '../tests/support/images';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '2' },
    width: { type: 'string', default: '4000' },
    height: { type: 'string', default: '3000' },
  },
});
const runs = Number(values.runs);
const warmup = Number(values.warmup);
const width = Number(values.width);
const height = Number(values.height);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

// A camera-like JPEG: noisy gradients (it compresses like a photo, unlike a flat colour), quality 90.
const jpeg = await sharp(await photo(width, height, 'png'))
  .jpeg({ quality: 90 })
  .toBuffer();

for (let i = 0; i < warmup; i++) await processPhoto(jpeg);
const times: number[] = [];
let last;
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  last = await processPhoto(jpeg);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);

const bomb = pngBomb(12_000);
const bombTimes: number[] = [];
for (let i = 0; i < 5; i++) {
  const start = performance.now();
  const refused = await processPhoto(bomb).then(
    () => false,
    (error: unknown) => error instanceof PhotoRejected,
  );
  if (!refused) throw new Error('the decompression bomb was not refused');
  bombTimes.push(performance.now() - start);
}
bombTimes.sort((a, b) => a - b);

console.log(
  JSON.stringify(
    {
      benchmark: 'photos',
      command: 'npm run bench:photos',
      input: { format: 'jpeg', width, height, bytes: jpeg.length },
      runs,
      perPhotoMs: {
        p50: round(percentile(times, 50)),
        p95: round(percentile(times, 95)),
        min: round(times[0]!),
        max: round(times.at(-1)!),
      },
      outputBytes: Object.fromEntries(last!.variants.map((v) => [v.name.slice(33), v.body.length])),
      bombRefusedMs: { input: `${bomb.length} B PNG, 12000 x 12000`, p50: round(percentile(bombTimes, 50)) },
      machine: {
        cpus: cpus().length,
        loadavg1m: Math.round(loadavg()[0]! * 100) / 100,
        sharpThreads: sharp.concurrency(),
      },
    },
    null,
    2,
  ),
);
