/**
 * Where a product photo's variants live (decision 033). Kept apart from the encoder (photos.ts),
 * so that reading a product never loads sharp.
 */

export const PHOTO_WIDTHS = [128, 320, 640, 960] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export const photoName = (hash: string, width: number, format: PhotoFormat) => `${hash}-${width}.${format}`;
export const photoUrl = (hash: string, width: number, format: PhotoFormat) =>
  `/images/photos/${photoName(hash, width, format)}`;
export const PHOTO_NAME_PATTERN = `^[0-9a-f]{32}-(${PHOTO_WIDTHS.join('|')})\\.(${PHOTO_FORMATS.join('|')})$`;

/** The `srcset` of each format, for `<picture>` and `<img srcset>`. */
export function photoSources(hash: string): Record<PhotoFormat, string> {
  const set = (format: PhotoFormat) => PHOTO_WIDTHS.map((w) => `${photoUrl(hash, w, format)} ${w}w`).join(', ');
  return { avif: set('avif'), webp: set('webp') };
}
