import { gzipAsync } from '@gfx/zopfli';

/**
 * The smallest gzip stream we know how to make: Zopfli, which any gzip decoder reads. It takes
 * about a hundred times zlib's time, so it runs once, at build time (decision 068); for the same
 * bytes it is 3-4 % smaller than zlib's level 9.
 */
export async function gzipSmallest(content: Uint8Array): Promise<Buffer> {
  return Buffer.from(await gzipAsync(content, { numiterations: 15 }));
}
