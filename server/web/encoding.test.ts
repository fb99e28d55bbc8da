import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { encodedOnce, preferredEncoding, type Encodable } from './encoding';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['identity', null],
    ['', null],
    [undefined, null],
    ['BR;Q=1', 'br'],
    ['br;q=abc, gzip', 'gzip'],
  ])('%s gives %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('answers the same for a header read before, past the headers it keeps answers for', () => {
    // Distinct headers, every other one refusing brotli, many more than are kept.
    const headers = Array.from({ length: 300 }, (_, i) => (i % 2 ? `br;q=0, gzip;q=0.${i}` : `gzip, br;q=0.${i + 1}`));
    const expected = headers.map((_, i) => (i % 2 ? 'gzip' : 'br'));
    for (let round = 0; round < 3; round++)
      expect(headers.map((header) => preferredEncoding(header))).toEqual(expected);
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
  });
});

describe('encodedOnce', () => {
  it('compresses an answer once per coding and hands the same bytes back after', () => {
    const kept: Encodable = { encoded: {} };
    const body = JSON.stringify({
      data: Array.from({ length: 50 }, (_, id) => ({ id, name: `Paneer ${id}`, price: '₹99' })),
    });
    const br = encodedOnce(kept, body, 'br');
    expect(brotliDecompressSync(br).toString()).toBe(body);
    expect(encodedOnce(kept, 'not looked at again', 'br')).toBe(br);
    const gzip = encodedOnce(kept, body, 'gzip');
    expect(gunzipSync(gzip).toString()).toBe(body);
    expect(kept.encoded).toEqual({ br, gzip });
    // Each copy holds its own bytes, not the whole of zlib's output chunk.
    expect(br.buffer.byteLength).toBe(br.byteLength);
    expect(gzip.buffer.byteLength).toBe(gzip.byteLength);
  });
});
