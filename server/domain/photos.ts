/**
 * Product photos (issue 18, decision 033): an upload from a phone camera is checked by decoding
 * it (whatever its name or Content-Type claims) and turned into square AVIF and WebP variants at
 * the widths the storefront draws: cart and checkout lines (48-64 px), cards (160 px), the product
 * page (480 px), at 2x density. Each variant's name carries the upload's content hash, so its URL
 * never changes meaning and is cached as immutable.
 */
import { createHash } from 'node:crypto';

import type { Metadata, OutputInfo } from 'sharp';

import { PHOTO_FORMATS, PHOTO_WIDTHS, photoName, type PhotoFormat, type PhotoWidth } from './photo-urls';

export { PHOTO_FORMATS, PHOTO_WIDTHS, photoName, photoSources, photoUrl, type PhotoFormat } from './photo-urls';

/** Largest upload accepted (413 over it). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Largest picture decoded: 50 megapixels (a 200 MP phone saves 12-50 MP by default). */
export const MAX_PHOTO_PIXELS = 50_000_000;
/** The shorter side must be at least this, so the 960 px variant is not a blow-up of a thumbnail. */
export const MIN_PHOTO_SIDE = 480;

/**
 * What the prebuilt sharp decodes. Its libheif has the AV1 decoder only: HEIC from iPhones
 * (HEVC-coded) cannot be decoded, so it is not accepted; Safari and Chrome on iOS convert a HEIC
 * photo to JPEG when the file input does not list HEIC (decision 033).
 */
export const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp'] as const;
export const ACCEPTED_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const PHOTO_MESSAGES = {
  unreadable: 'This file is not a photo we can read. Upload a JPEG, PNG or WebP image.',
  heic: 'HEIC photos cannot be read here. Upload a JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible, or share the photo from the browser, which converts it).',
  format: (format: string) => `A ${format.toUpperCase()} file cannot be used. Upload a JPEG, PNG or WebP image.`,
  tooManyPixels: `The picture has too many pixels (more than ${MAX_PHOTO_PIXELS / 1_000_000} megapixels). Upload a smaller photo.`,
  tooSmall: `The photo is too small: at least ${MIN_PHOTO_SIDE} × ${MIN_PHOTO_SIDE} pixels are needed.`,
  tooLarge: `The photo is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB. Upload a smaller file.`,
  empty: 'The upload is empty. Choose a photo.',
} as const;

/** A refusal of the upload itself, with the message for the person uploading. */
export class PhotoRejected extends Error {}

export interface PhotoVariant {
  name: string;
  format: PhotoFormat;
  width: PhotoWidth;
  height: number;
  contentType: string;
  body: Buffer;
}

export interface ProcessedPhoto {
  /** 32 hex digits of the upload's SHA-256. */
  hash: string;
  source: { format: string; width: number; height: number };
  variants: PhotoVariant[];
}

const isPixelLimit = (error: unknown) => /pixel limit/i.test(String(error));

const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

/**
 * Checks and encodes one upload. Throws PhotoRejected for anything that is not an accepted
 * photo: bytes that do not decode, another format (SVG, GIF, TIFF, HEIC ...), too many pixels
 * (a decompression bomb is refused from its header, before its pixels are decoded) or too few.
 */
export async function processPhoto(upload: Buffer): Promise<ProcessedPhoto> {
  if (upload.length === 0) throw new PhotoRejected(PHOTO_MESSAGES.empty);
  if (upload.length > MAX_PHOTO_BYTES) throw new PhotoRejected(PHOTO_MESSAGES.tooLarge);
  // Loaded on first use, not with the server (decision 050): a process carries libvips only once it
  // takes an upload or draws an illustration's WebP (product-art/raster.ts), not an API-only one.
  const { default: sharp } = await import('sharp');
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' as const, sequentialRead: true };
  let metadata: Metadata;
  try {
    metadata = await sharp(upload, options).metadata();
  } catch (error) {
    // limitInputPixels refuses a decompression bomb from its header, before decoding anything.
    throw new PhotoRejected(isPixelLimit(error) ? PHOTO_MESSAGES.tooManyPixels : PHOTO_MESSAGES.unreadable);
  }
  const format = metadata.format ?? 'unknown';
  if (format === 'heif')
    throw new PhotoRejected(metadata.compression === 'av1' ? PHOTO_MESSAGES.format('avif') : PHOTO_MESSAGES.heic);
  if (!(ACCEPTED_FORMATS as readonly string[]).includes(format)) throw new PhotoRejected(PHOTO_MESSAGES.format(format));
  const { width = 0, height = 0 } = metadata;
  if (width * height > MAX_PHOTO_PIXELS) throw new PhotoRejected(PHOTO_MESSAGES.tooManyPixels);
  if (Math.min(width, height) < MIN_PHOTO_SIDE) throw new PhotoRejected(PHOTO_MESSAGES.tooSmall);

  // Decoded once: upright (EXIF orientation), fitted into the largest square on white, metadata
  // (GPS included) dropped. Every variant is encoded from this master.
  let master: { data: Buffer; info: OutputInfo };
  try {
    master = await sharp(upload, options)
      .rotate()
      .resize(PHOTO_WIDTHS.at(-1), PHOTO_WIDTHS.at(-1), { fit: 'contain', background: WHITE })
      .flatten({ background: WHITE })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (isPixelLimit(error)) throw new PhotoRejected(PHOTO_MESSAGES.tooManyPixels);
    throw new PhotoRejected(PHOTO_MESSAGES.unreadable);
  }
  const hash = createHash('sha256').update(upload).digest('hex').slice(0, 32);
  const raw = { raw: { width: master.info.width, height: master.info.height, channels: master.info.channels } };
  const variants = await Promise.all(
    PHOTO_WIDTHS.flatMap((w) =>
      PHOTO_FORMATS.map(async (format): Promise<PhotoVariant> => {
        const resized = sharp(master.data, raw).resize(w, w);
        const encoded =
          format === 'avif' ? resized.avif({ quality: 55, effort: 2 }) : resized.webp({ quality: 78, effort: 4 });
        const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
        return {
          name: photoName(hash, w, format),
          format,
          width: w,
          height: info.height,
          contentType: `image/${format}`,
          body: data,
        };
      }),
    ),
  );
  return { hash, source: { format, width, height }, variants };
}
