/**
 * Server-rendered product illustrations. Products have no photos, so each one gets a small, flat
 * SVG drawn from its kind (detected from subcategory/name keywords) and coloured from a
 * per-category palette with a deterministic per-slug hue shift.
 *
 * Output is self-contained (no scripts, fonts, images or external references) so it can be served
 * as `image/svg+xml` under a strict Content-Security-Policy.
 */

import { PACKS } from './packs';
import { chars, clip, escapeXml, hash, hsl, r1, text } from './svg';
import { detectPack, isProduce, packColors, palette, shortName, words } from './kinds';
import { detectProduce, drawProduce } from './produce';
import { type Colors, type Label, type Produce, type ProductImageInput, type Shape } from './types';

// Documents

function frame(title: string, hue: number, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" ` +
    `font-family="system-ui, sans-serif" text-anchor="middle"><title>${escapeXml(title)}</title>` +
    `<rect width="400" height="400" rx="56" fill="${hsl(hue, 60, 95)}"/>` +
    `<circle cx="200" cy="196" r="158" fill="${hsl(hue, 55, 89)}"/>${body}</svg>`
  );
}

const SHADOW = '<ellipse cx="200" cy="340" rx="112" ry="11" fill="#000" opacity=".09"/>';

function packSizePill(packSize: string): string {
  const size = clip(packSize.replace(/\s+/g, ' '), 14);
  if (!size) return '';
  const w = Math.max(64, Math.round(chars(size).length * 9.5 + 28));
  return (
    `<rect x="${200 - w / 2}" y="354" width="${w}" height="30" rx="15" fill="#fff" opacity=".9"/>` +
    text(200, 375, 16, 600, '#3b4450', size)
  );
}

function drawShape(shape: Shape, colors: Colors, l: Label, h: number, produce?: Produce): string {
  if (
    shape === 'fruit' ||
    shape === 'banana' ||
    shape === 'elongated' ||
    shape === 'root' ||
    shape === 'leafy' ||
    shape === 'grapes'
  ) {
    return drawProduce(produce ?? { shape, color: '#e53935' }, h);
  }
  return PACKS[shape](colors, l);
}

/** A square 400x400 SVG document (UTF-8 string) illustrating the product. Deterministic: same input, same output. */
export function renderProductImage(input: ProductImageInput): string {
  const h = hash(input.slug);
  const pal = palette(input.category);
  const sub = words(input.subcategory);
  let shape: Shape;
  let produce: Produce | undefined;
  if (isProduce(input.category, sub)) {
    produce = detectProduce(`${words(input.name)}${sub}`, /vegetable|veggie|herb|leafy/.test(sub), h);
    shape = produce.shape;
  } else {
    shape = detectPack(input);
  }
  const l: Label = { brand: input.brand.trim(), name: shortName(input.name, input.brand, input.packSize) };
  const body = drawShape(shape, packColors(pal, h), l, h, produce);
  return frame(
    input.name,
    pal.hues[0] ?? 0,
    `${SHADOW}<g data-shape="${shape}">${body}</g>${packSizePill(input.packSize)}`,
  );
}

interface TileItem {
  shape: Shape;
  x: number;
  y: number;
  s: number;
  produce?: string;
}

const TILES: Record<string, TileItem[]> = {
  'vegetables-fruits': [
    { shape: 'leafy', x: 140, y: 176, s: 0.62, produce: 'spinach' },
    { shape: 'root', x: 272, y: 170, s: 0.6, produce: 'carrot' },
    { shape: 'fruit', x: 200, y: 248, s: 0.6, produce: 'tomato' },
  ],
  'dairy-breakfast': [
    { shape: 'pouch', x: 150, y: 196, s: 0.7 },
    { shape: 'tub', x: 262, y: 236, s: 0.58 },
  ],
  munchies: [
    { shape: 'chips', x: 152, y: 200, s: 0.66 },
    { shape: 'chips', x: 254, y: 226, s: 0.6 },
  ],
  'cold-drinks-juices': [
    { shape: 'bottle', x: 156, y: 196, s: 0.74 },
    { shape: 'can', x: 258, y: 230, s: 0.6 },
  ],
  'instant-frozen-food': [
    { shape: 'noodles', x: 200, y: 166, s: 0.6 },
    { shape: 'tub', x: 200, y: 262, s: 0.5 },
  ],
  'tea-coffee-health-drinks': [
    { shape: 'tea-box', x: 150, y: 200, s: 0.66 },
    { shape: 'jar', x: 262, y: 230, s: 0.58 },
  ],
  'bakery-biscuits': [
    { shape: 'bread', x: 148, y: 200, s: 0.64 },
    { shape: 'biscuit', x: 250, y: 246, s: 0.56 },
  ],
  'personal-care': [
    { shape: 'pump', x: 134, y: 196, s: 0.64 },
    { shape: 'tube', x: 248, y: 190, s: 0.6 },
    { shape: 'soap', x: 216, y: 274, s: 0.5 },
  ],
  'household-essentials': [
    { shape: 'jug', x: 146, y: 200, s: 0.66 },
    { shape: 'carton', x: 258, y: 230, s: 0.6 },
  ],
};

/** A square SVG tile for a category (used for category cards), same style. */
export function renderCategoryImage(input: { slug: string; name: string }): string {
  const h = hash(input.slug);
  const pal = palette(input.slug);
  const items = TILES[input.slug] ?? [{ shape: 'box', x: 200, y: 200, s: 0.8 }];
  const empty: Label = { brand: '', name: '' };
  let body = SHADOW;
  items.forEach((it, i) => {
    const produce = it.produce ? detectProduce(words(it.produce), false, h) : undefined;
    const colors = packColors({ hues: [pal.hues[i % pal.hues.length] ?? 0], s: pal.s }, h + i);
    const tx = r1(it.x - 200 * it.s);
    const ty = r1(it.y - 200 * it.s);
    body += `<g transform="translate(${tx} ${ty}) scale(${it.s})">${drawShape(it.shape, colors, empty, h + i, produce)}</g>`;
  });
  return frame(input.name, pal.hues[0] ?? 0, `<g data-shape="category">${body}</g>`);
}
