import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** The codings the server compresses answers it keeps in: rendered pages, catalogue answers. */
export type Encoding = 'br' | 'gzip';

/**
 * The encoding to send a kept answer in, from the request's `Accept-Encoding`: brotli, else
 * gzip, else none. A coding with `q=0` is refused (RFC 9110 12.5.3); `*` stands for any coding
 * not named.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const header = acceptEncoding ?? '';
  const known = choices.get(header);
  if (known !== undefined) return known;
  const choice = chooseEncoding(header);
  // Browsers send a handful of distinct headers, each on every request: read each once. A client
  // that varies its header only turns the entries over.
  if (choices.size >= KNOWN_HEADERS) choices.delete(choices.keys().next().value!);
  choices.set(header, choice);
  return choice;
}

/** How many distinct `Accept-Encoding` headers `preferredEncoding` keeps its answer for. */
const KNOWN_HEADERS = 64;
const choices = new Map<string, Encoding | null>();

function chooseEncoding(acceptEncoding: string): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!coding) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

/** An answer kept in memory, with the compressed copies made of it so far. */
export interface Encodable {
  encoded: Partial<Record<Encoding, Buffer>>;
}

/**
 * `body` compressed in `encoding`, made the first time it is asked for and kept in `kept`: an
 * answer sent many times is compressed once, not once per request (brotli at quality 5 takes
 * about as long as the rest of a cached answer's trip through the server, several times over).
 */
export function encodedOnce(kept: Encodable, body: string | Buffer, encoding: Encoding): Buffer {
  return (kept.encoded[encoding] ??= ownBytes(
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(body, { level: 6 }),
  ));
}

/**
 * The bytes on memory of their own. zlib's sync calls hand back a view of their output chunk
 * (64 KiB on Node 24): kept as it is, a 300-byte answer would hold the whole chunk for as long as
 * it is kept.
 */
function ownBytes(view: Buffer): Buffer {
  if (view.byteLength === view.buffer.byteLength) return view;
  const own = Buffer.allocUnsafeSlow(view.byteLength);
  view.copy(own);
  return own;
}
