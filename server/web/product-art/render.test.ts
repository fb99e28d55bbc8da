import { describe, expect, it } from 'vitest';
import { renderCategoryImage, renderProductImage } from './render';
import type { ProductImageInput } from './types';

const product = (overrides: Partial<ProductImageInput>): ProductImageInput => ({
  slug: 'amul-taaza-toned-milk-500-ml',
  name: 'Amul Taaza Toned Milk',
  brand: 'Amul',
  category: 'dairy-breakfast',
  subcategory: 'milk',
  packSize: '500 ml',
  ...overrides,
});

const tomato = product({
  slug: 'tomato-hybrid-500-g',
  name: 'Tomato Hybrid',
  brand: 'Fresho',
  category: 'vegetables-fruits',
  subcategory: 'fresh-vegetables',
  packSize: '500 g',
});
const chips = product({
  slug: 'lays-magic-masala-52-g',
  name: "Lay's India's Magic Masala Potato Chips",
  brand: "Lay's",
  category: 'munchies',
  subcategory: 'chips-crisps',
  packSize: '52 g',
});
const milk = product({});
const longNamed = product({
  slug: 'surf-excel-long',
  name: 'Surf Excel Easy Wash Extra Strength Stain Removal Detergent Powder With Lemon And Mint Freshness Family Pack',
  brand: 'Surf Excel Unilever Hindustan Limited Brand',
  category: 'household-essentials',
  subcategory: 'detergents',
  packSize: '4 kg + 1 kg free bonus value pack',
});

const shapeOf = (svg: string): string | undefined => /data-shape="([^"]+)"/.exec(svg)?.[1];

const unescapeXml = (s: string): string =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Text content of every <text> element, unescaped. */
const texts = (svg: string): string[] =>
  [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => unescapeXml(m[1] ?? ''));

const CSP_UNSAFE: [string, RegExp][] = [
  ['script', /<script/i],
  ['event handler', /\son[a-z]+\s*=/i],
  ['external href', /href\s*=\s*["'](?!#)/i],
  ['image', /<image/i],
  ['foreignObject', /<foreignObject/i],
  ['url()', /url\(\s*["']?(?!#)/i],
  ['style/@import', /<style|@import/i],
];

const SAMPLES: ProductImageInput[] = [
  tomato,
  chips,
  milk,
  longNamed,
  product({
    slug: 'banana',
    name: 'Banana Robusta',
    brand: '',
    category: 'vegetables-fruits',
    subcategory: 'fresh-fruits',
    packSize: '6 pcs',
  }),
  product({
    slug: 'coke',
    name: 'Coca-Cola',
    brand: 'Coca-Cola',
    category: 'cold-drinks-juices',
    subcategory: 'soft-drinks',
    packSize: '300 ml',
  }),
  product({
    slug: 'maggi',
    name: 'Maggi Masala Noodles',
    brand: 'Maggi',
    category: 'instant-frozen-food',
    subcategory: 'noodles',
    packSize: '70 g',
  }),
  product({
    slug: 'tata-tea',
    name: 'Tata Tea Premium',
    brand: 'Tata Tea',
    category: 'tea-coffee-health-drinks',
    subcategory: 'tea',
    packSize: '250 g',
  }),
  product({
    slug: 'parle-g',
    name: 'Parle-G Gold Biscuits',
    brand: 'Parle',
    category: 'bakery-biscuits',
    subcategory: 'biscuits',
    packSize: '800 g',
  }),
  product({
    slug: 'dove',
    name: 'Dove Cream Beauty Bathing Bar',
    brand: 'Dove',
    category: 'personal-care',
    subcategory: 'soaps',
    packSize: '100 g',
  }),
  product({
    slug: 'x',
    name: 'Mystery',
    brand: 'Acme',
    category: 'unknown-category',
    subcategory: 'who-knows',
    packSize: '',
  }),
];

describe('renderProductImage', () => {
  it('is deterministic', () => {
    for (const input of SAMPLES) {
      expect(renderProductImage({ ...input })).toBe(renderProductImage(input));
    }
    expect(renderCategoryImage({ slug: 'munchies', name: 'Munchies' })).toBe(
      renderCategoryImage({ slug: 'munchies', name: 'Munchies' }),
    );
  });

  it('produces a square standalone SVG document with an accessible title', () => {
    for (const input of SAMPLES) {
      const svg = renderProductImage(input);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg).toContain('viewBox="0 0 400 400"');
      expect(svg).toContain('role="img"');
      expect(svg).toContain('font-family="system-ui, sans-serif"');
      expect(svg).toMatch(/<title>[^<]+<\/title>/);
    }
    expect(renderProductImage(milk)).toContain('<title>Amul Taaza Toned Milk</title>');
  });

  it('escapes XML special characters in the title and labels', () => {
    const svg = renderProductImage(
      product({ name: `Tom & Jerry's <Best>`, brand: 'T&J "Co"', category: 'munchies', subcategory: 'chips-crisps' }),
    );
    expect(svg).toContain('<title>Tom &amp; Jerry&apos;s &lt;Best&gt;</title>');
    expect(svg).toContain('T&amp;J &quot;Co&quot;');
    expect(svg).not.toContain('<Best>');
    expect(svg).not.toContain("Jerry's");
    expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  });

  it('drops characters that are not allowed in XML', () => {
    const svg = renderProductImage(product({ name: 'Milk\u0000\u0007\uD800 Pouch' }));
    expect(svg).toContain('<title>Milk Pouch</title>');
  });

  it('contains nothing a strict CSP would block or that could run code', () => {
    const inputs = [
      ...SAMPLES,
      product({ name: '<script>alert(1)</script>', brand: 'x" onload="alert(1)' }),
      product({ name: 'Evil <image href="https://evil.example/x.png"/>', brand: '<foreignObject>' }),
    ];
    const svgs = [
      ...inputs.map(renderProductImage),
      renderCategoryImage({ slug: 'vegetables-fruits', name: '<script>' }),
      renderCategoryImage({ slug: 'nope', name: 'Unknown' }),
    ];
    for (const svg of svgs) {
      // Judge the markup only: escaped user text such as `x" onload=` is inert character data.
      const markup = svg.replace(/>[^<]*</g, '><');
      for (const [what, pattern] of CSP_UNSAFE) {
        expect(markup, what).not.toMatch(pattern);
      }
      // Every tag is one we emit ourselves.
      const tags = new Set([...markup.matchAll(/<([a-zA-Z]+)/g)].map((m) => m[1]));
      for (const tag of tags) {
        expect(['svg', 'title', 'g', 'rect', 'circle', 'ellipse', 'path', 'polygon', 'text']).toContain(tag);
      }
    }
  });

  it('picks a shape from the product kind', () => {
    const shapes = {
      tomato: shapeOf(renderProductImage(tomato)),
      chips: shapeOf(renderProductImage(chips)),
      milk: shapeOf(renderProductImage(milk)),
    };
    expect(shapes).toEqual({ tomato: 'fruit', chips: 'chips', milk: 'pouch' });

    const kinds: [Partial<ProductImageInput>, string][] = [
      [{ name: 'Banana Robusta', category: 'vegetables-fruits', subcategory: 'fresh-fruits' }, 'banana'],
      [{ name: 'Brinjal Bharta', category: 'vegetables-fruits', subcategory: 'fresh-vegetables' }, 'elongated'],
      [{ name: 'Carrot', category: 'vegetables-fruits', subcategory: 'fresh-vegetables' }, 'root'],
      [{ name: 'Spinach (Palak)', category: 'vegetables-fruits', subcategory: 'leafy-herbs' }, 'leafy'],
      [{ name: 'Coca-Cola', category: 'cold-drinks-juices', subcategory: 'soft-drinks', packSize: '300 ml' }, 'can'],
      [{ name: 'Coca-Cola', category: 'cold-drinks-juices', subcategory: 'soft-drinks', packSize: '1.25 L' }, 'bottle'],
      [{ name: 'Maggi Noodles', category: 'instant-frozen-food', subcategory: 'noodles' }, 'noodles'],
      [{ name: 'Tata Tea Premium', category: 'tea-coffee-health-drinks', subcategory: 'tea' }, 'tea-box'],
      [{ name: 'Nescafe Classic', category: 'tea-coffee-health-drinks', subcategory: 'coffee' }, 'jar'],
      [
        {
          name: 'Lipton Green Tea Pure & Light',
          category: 'tea-coffee-health-drinks',
          subcategory: 'green-herbal-tea',
        },
        'tea-box',
      ],
      [{ name: 'Parle-G', category: 'bakery-biscuits', subcategory: 'biscuits' }, 'biscuit'],
      [{ name: 'Dove Cream Beauty Bathing Bar', category: 'personal-care', subcategory: 'soaps' }, 'soap'],
      [{ name: 'Colgate Toothpaste', category: 'personal-care', subcategory: 'oral-care' }, 'tube'],
      [{ name: 'Surf Excel Easy Wash', category: 'household-essentials', subcategory: 'detergents' }, 'carton'],
      [{ name: 'Surf Excel Matic Liquid', category: 'household-essentials', subcategory: 'detergents' }, 'jug'],
      [{ name: 'Something', category: 'mystery', subcategory: 'unheard-of' }, 'box'],
    ];
    for (const [overrides, shape] of kinds) {
      expect(shapeOf(renderProductImage(product(overrides))), overrides.name).toBe(shape);
    }
  });

  it('gives visibly different markup to different kinds', () => {
    const bodies = [tomato, chips, milk].map((p) => renderProductImage(p).replace(/<title>.*<\/title>/, ''));
    expect(new Set(bodies).size).toBe(3);
    // Packs carry a brand label; loose produce does not.
    expect(texts(renderProductImage(chips))).toContain("Lay's");
    expect(texts(renderProductImage(milk))).toContain('Amul');
    expect(texts(renderProductImage(tomato))).toEqual(['500 g']);
  });

  it('varies colour per slug within the category palette', () => {
    const fills = new Set(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((slug) => {
        const svg = renderProductImage(product({ slug, category: 'munchies', subcategory: 'chips-crisps' }));
        return /<g data-shape="chips"><path d="[^"]+" fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];
      }),
    );
    expect(fills.size).toBeGreaterThan(2);
  });

  it('truncates long names so no label line is wider than the pack', () => {
    const svg = renderProductImage(longNamed);
    const lines = texts(svg);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      expect(Array.from(line).length, line).toBeLessThanOrEqual(18);
    }
    expect(lines.some((line) => line.endsWith('…'))).toBe(true);
    // At most brand + two name lines + pack size.
    expect(lines.length).toBeLessThanOrEqual(4);
    // Every printed word comes from the input (truncation, not garbling).
    const source = `${longNamed.brand} ${longNamed.name} ${longNamed.packSize}`;
    for (const word of lines.join(' ').replace(/…/g, ' ').split(/\s+/).filter(Boolean)) {
      expect(source).toContain(word);
    }
  });

  it('stays small', () => {
    expect(new TextEncoder().encode(renderProductImage(longNamed)).length).toBeLessThan(4096);
    for (const input of SAMPLES) {
      expect(renderProductImage(input).length).toBeLessThan(4096);
    }
  });
});

describe('renderCategoryImage', () => {
  const slugs = [
    'vegetables-fruits',
    'dairy-breakfast',
    'munchies',
    'cold-drinks-juices',
    'instant-frozen-food',
    'tea-coffee-health-drinks',
    'bakery-biscuits',
    'personal-care',
    'household-essentials',
    'not-a-category',
  ];

  it('renders a small square tile for every category, unknown ones included', () => {
    const tiles = slugs.map((slug) => renderCategoryImage({ slug, name: `Name of ${slug}` }));
    for (const svg of tiles) {
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg).toContain('viewBox="0 0 400 400"');
      expect(svg).toContain('role="img"');
      expect(svg).toContain('data-shape="category"');
      expect(svg.length).toBeLessThan(4096);
    }
    expect(new Set(tiles).size).toBe(tiles.length);
    expect(tiles[0]).toContain('<title>Name of vegetables-fruits</title>');
  });

  it('escapes the category name', () => {
    const svg = renderCategoryImage({ slug: 'munchies', name: 'Chips & <Namkeen>' });
    expect(svg).toContain('<title>Chips &amp; &lt;Namkeen&gt;</title>');
  });
});
