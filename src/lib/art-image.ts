/**
 * The generated illustrations (server/web/product-art) drawn as raster variants (decision 048).
 * The catalogue names each illustration by its SVG's address; a phone draws it from a WebP at
 * the width it needs instead. Chromium paints an SVG `<img>` as a document of its own, on the
 * main thread, text and all: on the home page's 50-odd pictures that was about half of the
 * page's paint and layout work at 4x CPU. Here, not beside the rasteriser
 * (server/web/product-art/raster.ts): the client may import nothing from the server.
 */

export const ART_WIDTHS = [128, 320, 640] as const;
export type ArtWidth = (typeof ART_WIDTHS)[number];

const ART_SVG = /^\/images\/(products|categories)\/[a-z0-9-]{1,120}\.svg$/;

/** How wide a product page draws its picture: the screen's width on a phone, else 480 px. */
export const PRODUCT_PAGE_IMAGE_SIZES = '(max-width: 520px) 100vw, 480px';

/** An illustration's WebP at `width` px, from its SVG's address. */
export const artVariantUrl = (svgUrl: string, width: ArtWidth): string => svgUrl.replace(/\.svg$/, `-${width}.webp`);

/**
 * The `<img>` attributes for a catalogue image drawn at `sizes` (CSS): an illustration gets its
 * WebP variants (`fallback` px as `src`), anything else (an uploaded photo's URL) stays as it is.
 */
export function artImage(
  url: string,
  sizes: string,
  fallback: ArtWidth = 320,
): { src: string; srcSet?: string; sizes?: string } {
  if (!ART_SVG.test(url)) return { src: url };
  return {
    src: artVariantUrl(url, fallback),
    srcSet: ART_WIDTHS.map((width) => `${artVariantUrl(url, width)} ${width}w`).join(', '),
    sizes,
  };
}

/** What an image route's file name asks for: the SVG (`width` null) or a WebP variant. */
export function parseArtFile(file: string): { slug: string; width: ArtWidth | null } | null {
  const match = /^([a-z0-9-]{1,120})(?:\.svg|-(\d+)\.webp)$/.exec(file);
  if (!match) return null;
  if (match[2] === undefined) return { slug: match[1]!, width: null };
  const width = Number(match[2]);
  return (ART_WIDTHS as readonly number[]).includes(width) ? { slug: match[1]!, width: width as ArtWidth } : null;
}
