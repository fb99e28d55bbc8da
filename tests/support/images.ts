/** Test pictures made on the spot: photos from sharp, and a PNG decompression bomb by hand. */
import { deflateSync } from 'node:zlib';

import sharp from 'sharp';

/** A photo-like picture (a gradient with noise, so it compresses like a photo does). */
export async function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width + (seed & 15);
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128 + ((seed >> 8) & 31);
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return (format === 'jpeg' ? image.jpeg() : format === 'png' ? image.png() : image.webp()).toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid black-and-white PNG of `side` x `side` pixels whose file is tiny: every row is zeros,
 * which deflate squeezes about a thousand to one. Decoded, it would take side² bytes or more.
 */
export function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
