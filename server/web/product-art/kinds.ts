/** What a product is drawn as (its kind, from its name and category) and in which colours. */

import { hash, hsl, inkOn } from './svg';
import { type Colors, type ProduceShape, type ProductImageInput, type Shape } from './types';

// Kind detection and palettes

interface Rule {
  re: RegExp;
  shape: Exclude<Shape, ProduceShape> | 'drink';
  cats?: string[];
}

/** Product-form words in the name (bar, liquid, powder, paste) beat a generic subcategory. */
const FORM_RULES: Rule[] = [
  { re: /\b(bars?|soaps?)\b/, shape: 'soap', cats: ['household-essentials', 'personal-care'] },
  { re: /liquid|\bgel\b|spray/, shape: 'jug', cats: ['household-essentials'] },
  { re: /powder/, shape: 'carton', cats: ['household-essentials'] },
  { re: /tooth ?paste|face ?wash|cream|\bgel\b/, shape: 'tube', cats: ['personal-care'] },
];

const HOUSEHOLD = ['household-essentials'];
const PERSONAL = ['personal-care'];

const RULES: Rule[] = [
  { re: /\b(bar|bars|soaps?|bathing)\b/, shape: 'soap', cats: [...HOUSEHOLD, ...PERSONAL] },
  { re: /liquid|cleaner|disinfectant|floor|toilet|\bgel\b|conditioner|softener|bleach/, shape: 'jug', cats: HOUSEHOLD },
  { re: /detergent|powder|laundry|washing/, shape: 'carton', cats: HOUSEHOLD },
  {
    re: /tooth ?paste|face ?wash|cream|\bgel\b|ointment|sunscreen|oral|dental|\bpaste\b/,
    shape: 'tube',
    cats: PERSONAL,
  },
  {
    re: /shampoo|conditioner|hand ?wash|body ?wash|lotion|sanitiz|sanitis|\boil\b|hair|skin|bath|body/,
    shape: 'pump',
    cats: PERSONAL,
  },
  { re: /chips|crisps|nachos|namkeen|bhujia|popcorn|puffs|kurkure|snacks?|munchies/, shape: 'chips' },
  { re: /soft drinks?|soda|cola|energy drinks?|\bcans?\b|fizzy|mixers?/, shape: 'drink' },
  {
    re: /shake|lassi|buttermilk|chaas|juices?|water|drinks?|beverages?|syrup|squash|sharbat|nectar|kombucha/,
    shape: 'bottle',
  },
  {
    re: /coffee|health drinks?|horlicks|bournvita|boost|malt|protein|ghee|jam|honey|peanut butter|spreads?|pickles?|achar/,
    shape: 'jar',
  },
  { re: /\bmilk\b|doodh/, shape: 'pouch' },
  { re: /curd|dahi|yogh?urt|ice ?creams?|butter|desserts?|kulfi|shrikhand/, shape: 'tub' },
  { re: /\btea\b|chai|green tea|tea bags?/, shape: 'tea-box' },
  { re: /noodles?|pasta|instant|ready to (eat|cook)|soups?|frozen|ramen|maggi|vermicelli|oats/, shape: 'noodles' },
  { re: /biscuits?|cookies?|crackers?|rusks?|digestive|marie|khari/, shape: 'biscuit' },
  { re: /bread|\bpav\b|\bbuns?\b|loaf|cakes?|muffins?/, shape: 'bread' },
];

const CATEGORY_DEFAULT: Record<string, Exclude<Shape, ProduceShape> | 'drink'> = {
  'dairy-breakfast': 'box',
  munchies: 'chips',
  'cold-drinks-juices': 'bottle',
  'instant-frozen-food': 'noodles',
  'tea-coffee-health-drinks': 'jar',
  'bakery-biscuits': 'biscuit',
  'personal-care': 'pump',
  'household-essentials': 'carton',
};

interface Palette {
  hues: number[];
  s: number;
}

const PALETTES: Record<string, Palette> = {
  'vegetables-fruits': { hues: [125, 95, 145], s: 55 },
  'dairy-breakfast': { hues: [210, 198, 228], s: 68 },
  munchies: { hues: [44, 4, 24, 205, 280], s: 84 },
  'cold-drinks-juices': { hues: [356, 22, 128, 200], s: 76 },
  'instant-frozen-food': { hues: [48, 10, 195], s: 86 },
  'tea-coffee-health-drinks': { hues: [18, 0, 150], s: 58 },
  'bakery-biscuits': { hues: [36, 14, 352], s: 72 },
  'personal-care': { hues: [322, 268, 188, 342], s: 58 },
  'household-essentials': { hues: [214, 190, 150, 262], s: 70 },
};

export function palette(category: string): Palette {
  return PALETTES[category] ?? { hues: [hash(category) % 360], s: 60 };
}

export function packColors(pal: Palette, h: number): Colors {
  const hue = (pal.hues[h % pal.hues.length] ?? 0) + (((h >>> 8) % 21) - 10);
  const main = hsl(hue, pal.s, 47);
  const dark = hsl(hue, Math.min(90, pal.s + 5), 28);
  return { main, dark, light: hsl(hue, 70, 95), ink: inkOn(main, dark) };
}

/** Normalised keyword text: lowercase, hyphens/punctuation to spaces. */
export const words = (text: string): string =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

export function isProduce(category: string, sub: string): boolean {
  if (/dry|juice|frozen|dried|chips/.test(sub)) return false;
  // Herbs, not herbal: 'Green & Herbal Tea' is boxed tea, not a bunch of leaves.
  return category === 'vegetables-fruits' || /fruit|vegetable|veggie|\bherbs?\b|leafy|exotic|produce/.test(sub);
}

function mlOf(packSize: string): number | null {
  const m = /([\d.]+)\s*(ml|l|litre|liter|ltr)\b/i.exec(packSize);
  if (!m?.[1] || !m[2]) return null;
  const v = parseFloat(m[1]);
  return m[2].toLowerCase() === 'ml' ? v : v * 1000;
}

export function detectPack(input: ProductImageInput): Exclude<Shape, ProduceShape> {
  const sub = words(input.subcategory);
  const name = words(input.name);
  const match = (rules: Rule[], text: string): Rule['shape'] | undefined =>
    rules.find((r) => (!r.cats || r.cats.includes(input.category)) && r.re.test(text))?.shape;
  let shape = match(FORM_RULES, name) ?? match(RULES, sub) ?? match(RULES, name);
  shape ??= CATEGORY_DEFAULT[input.category] ?? 'box';
  if (shape === 'drink') {
    const ml = mlOf(input.packSize);
    shape = ml !== null && ml <= 500 ? 'can' : 'bottle';
  }
  if (shape === 'pouch' && /bottle|shake|flavou?red|powder|condensed|uht|tetra/.test(name)) {
    shape = /powder/.test(name) ? 'jar' : /uht|tetra/.test(name) ? 'box' : 'bottle';
  }
  return shape;
}

/** Name without the leading brand and trailing pack size, for the pack label. */
export function shortName(name: string, brand: string, packSize: string): string {
  let s = name.trim();
  const b = brand.trim();
  const rest = s.slice(b.length);
  if (b && s.toLowerCase().startsWith(b.toLowerCase()) && /^([\s:,|–—]|$)/u.test(rest)) {
    s = rest.replace(/^[\s:,|–—-]+/u, '');
  }
  const p = packSize.trim();
  if (p && s.toLowerCase().endsWith(p.toLowerCase())) s = s.slice(0, -p.length).replace(/[\s\-–:,(]+$/u, '');
  return s || (b ? '' : name.trim());
}
