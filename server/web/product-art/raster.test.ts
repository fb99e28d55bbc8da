import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { limitConcurrency, rasterizeArt } from './raster';
import { renderCategoryImage } from './render';

describe('rasterizeArt', () => {
  it('draws an illustration as a square WebP of the width asked for', async () => {
    const webp = await rasterizeArt(renderCategoryImage({ slug: 'munchies', name: 'Munchies' }), 128);
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 128, height: 128 });
  });
});

describe('limitConcurrency', () => {
  it('runs at most the limit at once, the rest in order, and frees a slot when a task fails', async () => {
    const run = limitConcurrency(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number, fail = false) =>
      run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        order.push(n);
        if (fail) throw new Error(`task ${n}`);
        return n;
      });
    const results = await Promise.allSettled([task(1), task(2, true), task(3), task(4), task(5)]);
    expect(most).toBe(2);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(order.slice(2).sort()).toEqual([3, 4, 5]);
    expect(await run(async () => 'free')).toBe('free');
  });
});
