/**
 * An illustration's SVG drawn as a WebP at one of the widths the storefront asks for
 * (decision 048). sharp (libvips with librsvg) is loaded on the first one, not with the server:
 * an API-only process never needs it. Its text uses the machine's fonts (fontconfig); the
 * container installs DejaVu.
 */
import type Sharp from 'sharp';

import type { ArtWidth } from '../../../src/lib/art-image';

/** The illustrations are drawn on a 400-unit square (render.ts). */
const ART_SIZE = 400;

let loaded: Promise<{ default: typeof Sharp }> | null = null;

async function loadSharp() {
  const { default: sharp } = await (loaded ??= import('sharp'));
  // Each variant is made once and kept by the caller: libvips' own cache would only hold copies.
  sharp.cache(false);
  return sharp;
}

/** Runs at most `limit` of the tasks given at once, the others in turn, in order. */
export function limitConcurrency(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next task in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

// Two drawings at a time: a crawler asking for every picture at every width waits its turn
// instead of filling libuv's threads, which reading files and compressing share.
const drawing = limitConcurrency(2);

export function rasterizeArt(svg: string, width: ArtWidth): Promise<Buffer> {
  return drawing(async () => {
    const sharp = await loadSharp();
    return sharp(Buffer.from(svg), { density: (72 * width) / ART_SIZE })
      .resize(width, width)
      .webp({ quality: 75, alphaQuality: 50 })
      .toBuffer();
  });
}
