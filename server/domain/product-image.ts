/**
 * Server-rendered product illustrations. Products have no photos, so each one gets a small, flat
 * SVG drawn from its kind (detected from subcategory/name keywords) and coloured from a
 * per-category palette with a deterministic per-slug hue shift.
 *
 * Output is self-contained (no scripts, fonts, images or external references) so it can be served
 * as `image/svg+xml` under a strict Content-Security-Policy.
 */

export interface ProductImageInput {
  slug: string;
  name: string;
  brand: string;
  category: string;
  subcategory: string;
  packSize: string;
}

/** Widest label line, in characters, any shape will print (the test relies on this bound). */
const LABEL_MAX_CHARS = 18;

type Shape =
  | 'fruit'
  | 'banana'
  | 'elongated'
  | 'root'
  | 'leafy'
  | 'grapes'
  | 'pouch'
  | 'bottle'
  | 'can'
  | 'chips'
  | 'noodles'
  | 'jar'
  | 'tea-box'
  | 'biscuit'
  | 'bread'
  | 'tub'
  | 'soap'
  | 'tube'
  | 'pump'
  | 'jug'
  | 'carton'
  | 'box';

type ProduceShape = 'fruit' | 'banana' | 'elongated' | 'root' | 'leafy' | 'grapes';
type Top = 'star' | 'leaf' | 'sprout' | 'crown' | 'none';

interface Produce {
  shape: ProduceShape;
  color: string;
  top?: Top;
  rx?: number;
  ry?: number;
  spots?: boolean;
}

interface Colors {
  main: string;
  dark: string;
  light: string;
  /** Text colour readable on `main`. */
  ink: string;
}

interface Label {
  brand: string;
  name: string;
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const hex2 = (v: number): string =>
  Math.round(Math.min(255, Math.max(0, v)))
    .toString(16)
    .padStart(2, '0');

function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const lig = l / 100;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number): number => {
    const k = (n + hue / 30) % 12;
    return 255 * (lig - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return `#${hex2(f(0))}${hex2(f(8))}${hex2(f(4))}`;
}

function rgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Rotate a hex colour's hue by `deg` degrees (keeps saturation and lightness). */
function shiftHue(hex: string, deg: number): string {
  const [r, g, b] = rgb(hex).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return hex;
  const s = d / (1 - Math.abs(2 * l - 1));
  let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h *= 60;
  return hsl(h + deg, s * 100, l * 100);
}

function darken(hex: string, amount: number): string {
  return `#${rgb(hex)
    .map((c) => hex2(c * (1 - amount)))
    .join('')}`;
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

const inkOn = (hex: string, dark: string): string => (luminance(hex) > 0.62 ? dark : '#fff');

/** Drop code points XML 1.0 forbids (C0 controls other than tab/newline/CR, lone surrogates, U+FFFE/F). */
function xmlSafe(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (
      c === 0x9 ||
      c === 0xa ||
      c === 0xd ||
      (c >= 0x20 && c <= 0xd7ff) ||
      (c >= 0xe000 && c <= 0xfffd) ||
      c >= 0x10000
    ) {
      out += ch;
    }
  }
  return out;
}

function escapeXml(text: string): string {
  return xmlSafe(text).replace(/[&<>"']/g, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      default:
        return '&apos;';
    }
  });
}

const chars = (text: string): string[] => Array.from(text);

/** Cut `text` to at most `max` characters (ellipsis included), preferring a word boundary. */
function clip(text: string, max: number): string {
  const cs = chars(text.trim());
  if (cs.length <= max) return cs.join('');
  let cut = cs.slice(0, Math.max(1, max - 1)).join('');
  const space = cut.lastIndexOf(' ');
  if (space >= max * 0.6) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,.;:&/(+–-]+$/u, '')}…`;
}

/** Greedy word wrap into at most `maxLines` lines of `max` characters, ellipsis on overflow. */
function wrap(text: string, max: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  while (words.length > 0 && lines.length < maxLines) {
    if (lines.length === maxLines - 1) {
      lines.push(clip(words.join(' '), max));
      break;
    }
    let line = words.shift() ?? '';
    if (chars(line).length > max) {
      lines.push(clip(line, max));
      continue;
    }
    while (words.length > 0 && chars(`${line} ${words[0]}`).length <= max) {
      line = `${line} ${words.shift() ?? ''}`;
    }
    lines.push(line);
  }
  return lines;
}

/** Characters of bold sans text at `size` px that fit in `width` px (conservative average). */
const fitChars = (width: number, size: number): number =>
  Math.min(LABEL_MAX_CHARS, Math.max(3, Math.floor(width / (size * 0.6))));

function text(x: number, y: number, size: number, weight: number, fill: string, body: string): string {
  return `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(body)}</text>`;
}

/** Brand (bold) and up to `nameLines` lines of the short name, centred on `cx`, first baseline `y`. */
function label(
  l: Label,
  cx: number,
  y: number,
  width: number,
  brandFill: string,
  nameFill: string,
  brandSize = 24,
  nameLines = 2,
): string {
  let out = '';
  let baseline = y;
  if (l.brand) {
    out += text(cx, baseline, brandSize, 800, brandFill, clip(l.brand, fitChars(width, brandSize)));
    baseline += 24;
  }
  for (const line of wrap(l.name, fitChars(width, 16), nameLines)) {
    out += text(cx, baseline, 16, 600, nameFill, line);
    baseline += 19;
  }
  return out;
}

const r1 = (v: number): number => Math.round(v * 10) / 10;

function zigzag(x: number, y: number, teeth: number, w: number, dy: number): string {
  return `M${x} ${y}${`l${w / 2} ${dy}l${w / 2} ${-dy}`.repeat(teeth)}`;
}

// ---------------------------------------------------------------------------------------------
// Produce

const PRODUCE: [RegExp, Produce][] = [
  [/cherry tomato|tomato|tamatar/, { shape: 'fruit', color: '#e53935', top: 'star', rx: 112, ry: 100 }],
  [/banana|kela/, { shape: 'banana', color: '#fbc02d' }],
  [/brinjal|baingan|eggplant|aubergine/, { shape: 'elongated', color: '#6a2c8e', rx: 76 }],
  [/cucumber|kheera|zucchini/, { shape: 'elongated', color: '#4c9a2a', rx: 46 }],
  [/gourd|lauki|karela|tinda/, { shape: 'elongated', color: '#8bc34a', rx: 54 }],
  [/lady ?finger|bhindi|okra|beans|drumstick|peas|matar/, { shape: 'elongated', color: '#5aa02c', rx: 30 }],
  [/chill?i|mirchi/, { shape: 'elongated', color: '#2e9e3a', rx: 22 }],
  [/carrot|gajar/, { shape: 'root', color: '#f57c00' }],
  [/radish|mooli/, { shape: 'root', color: '#eeeadf' }],
  [
    /spinach|palak|coriander|dhania|dhaniya|methi|fenugreek|mint|pudina|lettuce|curry leaves|spring onion|leafy|herbs?\b|greens|amaranth|kale|basil/,
    { shape: 'leafy', color: '#43a047' },
  ],
  [/green grape/, { shape: 'grapes', color: '#9ccc65' }],
  [/grape|angoor/, { shape: 'grapes', color: '#7b3fa0' }],
  [/sweet potato|shakarkandi/, { shape: 'fruit', color: '#a0524a', top: 'none', rx: 124, ry: 80, spots: true }],
  [/potato|aloo/, { shape: 'fruit', color: '#c9a063', top: 'none', rx: 120, ry: 90, spots: true }],
  [/ginger|adrak/, { shape: 'fruit', color: '#d4b178', top: 'none', rx: 124, ry: 76, spots: true }],
  [/onion|pyaz/, { shape: 'fruit', color: '#b0456b', top: 'sprout', rx: 108, ry: 100 }],
  [/garlic|lehsun/, { shape: 'fruit', color: '#efe7d6', top: 'sprout', rx: 104, ry: 96 }],
  [/pomegranate|anar/, { shape: 'fruit', color: '#c62828', top: 'crown', rx: 110, ry: 106 }],
  [/pineapple/, { shape: 'fruit', color: '#f9a825', top: 'crown', rx: 92, ry: 118, spots: true }],
  [/strawberr/, { shape: 'fruit', color: '#e53935', top: 'star', rx: 92, ry: 104, spots: true }],
  [/apple|seb/, { shape: 'fruit', color: '#d32f2f', top: 'leaf', rx: 112, ry: 104 }],
  [/orange|kinnow|santra|mandarin|mosambi|sweet lime/, { shape: 'fruit', color: '#fb8c00', top: 'leaf', spots: true }],
  [/lemon|lime|nimbu/, { shape: 'fruit', color: '#d4e157', top: 'leaf', rx: 112, ry: 86 }],
  [/mango|aam\b/, { shape: 'fruit', color: '#ffb300', top: 'leaf', rx: 96, ry: 116 }],
  [/papaya/, { shape: 'fruit', color: '#ff9800', top: 'leaf', rx: 86, ry: 120 }],
  [/guava|amrood|pear/, { shape: 'fruit', color: '#9ccc65', top: 'leaf', rx: 104, ry: 108 }],
  [/watermelon|tarbooz/, { shape: 'fruit', color: '#2e7d32', top: 'none', rx: 126, ry: 104 }],
  [/capsicum|bell pepper|shimla/, { shape: 'fruit', color: '#43a047', top: 'leaf', rx: 104, ry: 108 }],
  [/cauliflower|gobi/, { shape: 'fruit', color: '#f3e6bf', top: 'leaf', rx: 116, ry: 100, spots: true }],
  [/cabbage|patta/, { shape: 'fruit', color: '#9ccc65', top: 'none', rx: 116, ry: 108 }],
  [/beetroot|beet/, { shape: 'fruit', color: '#8e1f4b', top: 'leaf', rx: 104, ry: 100 }],
  [/coconut|nariyal/, { shape: 'fruit', color: '#7b5234', top: 'none', rx: 110, ry: 104, spots: true }],
  [/pumpkin|kaddu/, { shape: 'fruit', color: '#ef6c00', top: 'leaf', rx: 124, ry: 96 }],
  [/kiwi/, { shape: 'fruit', color: '#8d6e3f', top: 'none', rx: 104, ry: 90, spots: true }],
];

const FRUIT_COLORS = ['#e53935', '#fb8c00', '#fdd835', '#7cb342', '#8e24aa'];

function detectProduce(words: string, isVegetable: boolean, h: number): Produce {
  for (const [re, spec] of PRODUCE) if (re.test(words)) return spec;
  if (isVegetable) return { shape: 'fruit', color: '#66bb6a', top: 'leaf' };
  return { shape: 'fruit', color: FRUIT_COLORS[h % FRUIT_COLORS.length] ?? '#e53935', top: 'leaf' };
}

const LEAF = '#3f9b3f';
const STEM = '#6d4c41';

function drawProduce(p: Produce, h: number): string {
  const color = shiftHue(p.color, (h % 13) - 6);
  const dark = darken(color, 0.25);
  switch (p.shape) {
    case 'banana': {
      const b = 'M118 118C108 236 206 306 318 262c8-4 6-14-2-16C222 262 158 212 146 118Z';
      return (
        `<path d="${b}" fill="${darken(color, 0.1)}" transform="translate(34 -30)"/>` +
        `<path d="${b}" fill="${color}"/>` +
        `<path d="M128 150C136 220 190 264 262 266" fill="none" stroke="${dark}" stroke-width="5" stroke-linecap="round" opacity=".35"/>` +
        `<path d="M114 98h36l-4 24h-28z" fill="${STEM}"/><circle cx="318" cy="254" r="7" fill="${STEM}"/>`
      );
    }
    case 'elongated': {
      const rx = p.rx ?? 50;
      const cap = Math.min(rx, 42);
      const top = 214 - 124;
      return (
        `<g transform="rotate(-32 200 210)"><ellipse cx="200" cy="214" rx="${rx}" ry="124" fill="${color}"/>` +
        `<ellipse cx="${r1(200 - rx * 0.4)}" cy="170" rx="${r1(rx * 0.18)}" ry="40" fill="#fff" opacity=".3"/>` +
        `<path d="M200 ${top - 4}l${-cap} ${cap * 0.7}l${r1(cap * 0.5)} -4l-6 ${r1(cap * 0.5)}l${r1(cap * 0.5)} ${r1(-cap * 0.45)}l${r1(cap * 0.5)} ${r1(cap * 0.45)}l-6 ${r1(-cap * 0.5)}l${r1(cap * 0.5)} 4z" fill="${LEAF}"/>` +
        `<rect x="193" y="${top - 34}" width="14" height="34" rx="5" fill="${LEAF}"/></g>`
      );
    }
    case 'root':
      return (
        `<g transform="rotate(-28 200 210)">` +
        `<path d="M200 112q-22-40-54-54M200 112q0-46 4-70M200 112q24-36 58-48" fill="none" stroke="${LEAF}" stroke-width="14" stroke-linecap="round"/>` +
        `<path d="M150 120Q200 100 250 120Q238 232 206 334Q200 344 194 334Q162 232 150 120Z" fill="${color}"/>` +
        `<path d="M168 164h22M212 200h18M176 240h16M208 278h12" stroke="${dark}" stroke-width="5" stroke-linecap="round" opacity=".4"/></g>`
      );
    case 'leafy': {
      const leaf = 'M0 0C-52-60-44-160 0-210C44-160 52-60 0 0Z';
      let out = '';
      [-44, 44, -22, 22, 0].forEach((a, i) => {
        const c = i % 2 === 0 ? darken(color, 0.12) : color;
        out += `<g transform="translate(200 328) rotate(${a})"><path d="${leaf}" fill="${c}"/><path d="M0-8V-190" stroke="${darken(color, 0.3)}" stroke-width="4" opacity=".5"/></g>`;
      });
      return `${out}<rect x="178" y="296" width="44" height="16" rx="6" fill="#e85d5d"/>`;
    }
    case 'grapes': {
      let out = `<path d="M200 108q4-30 24-44" fill="none" stroke="${STEM}" stroke-width="7" stroke-linecap="round"/><path d="M210 92q40-44 84-16q-36 40-84 16z" fill="${LEAF}"/>`;
      [4, 3, 3, 2, 1].forEach((n, row) => {
        for (let i = 0; i < n; i++) {
          const cx = 200 + (i - (n - 1) / 2) * 50;
          out += `<circle cx="${cx}" cy="${136 + row * 44}" r="29" fill="${(i + row) % 2 ? darken(color, 0.12) : color}"/>`;
        }
      });
      return out;
    }
    case 'fruit': {
      const rx = p.rx ?? 110;
      const ry = p.ry ?? 106;
      const cy = 210;
      const t = cy - ry;
      let out = `<ellipse cx="200" cy="${cy}" rx="${rx}" ry="${ry}" fill="${color}"/>`;
      if (p.top === 'sprout') {
        out += `<path d="M200 ${t - 46}Q194 ${t - 6} 170 ${t + 14}H230Q206 ${t - 6} 200 ${t - 46}Z" fill="${color}"/>`;
        out += `<path d="M170 ${t + 30}Q150 ${cy} 172 ${cy + ry - 14}M230 ${t + 30}Q250 ${cy} 228 ${cy + ry - 14}" fill="none" stroke="${dark}" stroke-width="4" opacity=".35"/>`;
      }
      if (p.spots) {
        for (let i = 0; i < 6; i++) {
          const sx = r1(200 + Math.cos(i * 2.2 + 0.6) * rx * 0.55);
          const sy = r1(cy + Math.sin(i * 2.2 + 0.6) * ry * 0.5);
          out += `<circle cx="${sx}" cy="${sy}" r="5" fill="${dark}" opacity=".4"/>`;
        }
      }
      out += `<ellipse cx="${r1(200 - rx * 0.45)}" cy="${r1(cy - ry * 0.42)}" rx="${r1(rx * 0.2)}" ry="${r1(ry * 0.12)}" fill="#fff" opacity=".4" transform="rotate(-35 ${r1(200 - rx * 0.45)} ${r1(cy - ry * 0.42)})"/>`;
      if (p.top === 'star') {
        let pts = '';
        for (let i = 0; i < 10; i++) {
          const ang = (Math.PI / 5) * i - Math.PI / 2;
          const rad = i % 2 === 0 ? 44 : 12;
          pts += `${r1(200 + Math.cos(ang) * rad)},${r1(t + 14 + Math.sin(ang) * rad * 0.6)} `;
        }
        out += `<polygon points="${pts.trim()}" fill="${LEAF}"/><rect x="195" y="${t - 10}" width="10" height="24" rx="4" fill="${LEAF}"/>`;
      } else if (p.top === 'leaf') {
        out += `<path d="M200 ${t + 8}q0-22 8-36" fill="none" stroke="${STEM}" stroke-width="8" stroke-linecap="round"/><path d="M206 ${t - 16}q34-34 72-10q-34 32-72 10z" fill="${LEAF}"/>`;
      } else if (p.top === 'crown') {
        out += `<path d="M168 ${t + 10}l-4-30l18 14l18-24l18 24l18-14l-4 30z" fill="${p.color === '#f9a825' ? LEAF : dark}"/>`;
      }
      return out;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Packs. Each draws in the 400x400 box, roughly y 60..334; labels stay inside the pack face.

type PackDrawer = (c: Colors, l: Label) => string;

const WHITE = '#fff';
const HIGHLIGHT = (x: number, y: number, h: number): string =>
  `<rect x="${x}" y="${y}" width="10" height="${h}" rx="5" fill="#fff" opacity=".3"/>`;

const PACKS: Record<Exclude<Shape, ProduceShape>, PackDrawer> = {
  pouch: (c, l) =>
    `<path d="M110 96H290C300 160 304 250 294 318H106C96 250 100 160 110 96Z" fill="${WHITE}"/>` +
    `<path d="M100 232C160 212 240 252 300 228C302 262 299 292 294 318H106C101 292 98 262 100 232Z" fill="${c.main}"/>` +
    `<path d="M106 70H294V98H106Z" fill="${c.main}"/><path d="M106 310H294V332H106Z" fill="${c.dark}"/>` +
    `<path d="M114 84H286" stroke="#fff" stroke-width="2" stroke-dasharray="6 5"/>` +
    label(l, 200, 146, 172, c.main, c.dark) +
    `<circle cx="200" cy="272" r="18" fill="#fff" opacity=".9"/><path d="M200 258q-11 14-11 20a11 11 0 0 0 22 0q0-6-11-20z" fill="${c.main}"/>`,
  bottle: (c, l) =>
    `<rect x="174" y="60" width="52" height="32" rx="6" fill="${c.dark}"/>` +
    `<path d="M182 92H218V110C262 124 270 150 270 180V316Q270 334 252 334H148Q130 334 130 316V180C130 150 138 124 182 110Z" fill="${c.main}"/>` +
    `<rect x="130" y="196" width="140" height="94" fill="${c.light}"/>` +
    HIGHLIGHT(144, 132, 52) +
    label(l, 200, 228, 130, c.dark, c.dark, 22),
  can: (c, l) =>
    `<path d="M136 90L146 66H254L264 90ZM136 322L146 340H254L264 322Z" fill="#b7c1cb"/>` +
    `<path d="M184 72h32" stroke="#8a96a3" stroke-width="6" stroke-linecap="round"/>` +
    `<rect x="126" y="88" width="148" height="238" rx="14" fill="${c.main}"/>` +
    `<path d="M126 250C170 226 230 282 274 244V292H126Z" fill="${c.dark}" opacity=".5"/>` +
    HIGHLIGHT(140, 100, 212) +
    label(l, 200, 160, 128, c.ink, c.ink, 22),
  chips: (c, l) =>
    `<path d="M92 84H308C322 160 322 240 308 316H92C78 240 78 160 92 84Z" fill="${c.main}"/>` +
    `<path d="${zigzag(92, 90, 12, 18, -14)}V90Z" fill="${c.dark}"/>` +
    `<path d="${zigzag(92, 310, 12, 18, 14)}V310Z" fill="${c.dark}"/>` +
    `<ellipse cx="200" cy="146" rx="92" ry="34" fill="${c.dark}"/>` +
    label({ brand: l.brand, name: '' }, 200, 155, 160, WHITE, WHITE) +
    label({ brand: '', name: l.name }, 200, 206, 176, c.ink, c.ink) +
    `<g fill="#f6c945" stroke="#d99a1e" stroke-width="3"><ellipse cx="168" cy="276" rx="30" ry="19" transform="rotate(-18 168 276)"/><ellipse cx="234" cy="278" rx="30" ry="19" transform="rotate(14 234 278)"/><ellipse cx="200" cy="266" rx="30" ry="19"/></g>`,
  noodles: (c, l) =>
    `<rect x="56" y="112" width="288" height="190" rx="10" fill="${c.main}"/>` +
    `<path d="M56 112H72V302H56Z" fill="${c.dark}"/><path d="M328 112H344V302H328Z" fill="${c.dark}"/>` +
    `<path d="M270 226c-40-20 0-40-20-60M294 226c-40-20 0-40-20-60M246 226c-40-20 0-40-20-60" fill="none" stroke="#f8d567" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="M206 224H322A58 52 0 0 1 206 224Z" fill="${c.light}"/><path d="M206 224H322" stroke="${c.dark}" stroke-width="6" stroke-linecap="round"/>` +
    label(l, 142, 170, 124, c.ink, c.ink, 24, 3),
  jar: (c, l) =>
    `<rect x="124" y="76" width="152" height="44" rx="10" fill="${c.dark}"/>` +
    `<path d="M136 88V110M160 88V110M184 88V110M208 88V110M232 88V110M256 88V110" stroke="#000" stroke-width="4" opacity=".15"/>` +
    `<rect x="112" y="114" width="176" height="220" rx="30" fill="${c.main}"/>` +
    `<rect x="112" y="172" width="176" height="112" fill="${c.light}"/>` +
    HIGHLIGHT(126, 128, 36) +
    label(l, 200, 208, 158, c.dark, c.dark),
  'tea-box': (c, l) =>
    `<path d="M104 110L140 80H304L268 110Z" fill="${c.light}"/><path d="M268 110L304 80V302L268 332Z" fill="${c.dark}"/>` +
    `<rect x="104" y="110" width="164" height="222" fill="${c.main}"/>` +
    `<rect x="116" y="140" width="140" height="100" rx="10" fill="${c.light}"/>` +
    label(l, 186, 176, 126, c.dark, c.dark, 22) +
    `<path d="M160 264H212V284Q212 304 192 304H180Q160 304 160 284Z" fill="${c.light}"/><path d="M212 270a10 10 0 0 1 0 20" fill="none" stroke="${c.light}" stroke-width="5"/>` +
    `<path d="M188 258q-6-10 0-20M180 256q-4-6 0-12" fill="none" stroke="${c.light}" stroke-width="3" stroke-linecap="round"/>`,
  biscuit: (c, l) =>
    `<rect x="50" y="104" width="300" height="156" rx="12" fill="${c.main}"/>` +
    `<path d="M50 104H70V260H50Z" fill="${c.dark}"/><path d="M330 104H350V260H330Z" fill="${c.dark}"/>` +
    label(l, 200, 150, 240, c.ink, c.ink, 28) +
    `<g transform="rotate(-8 262 288)"><rect x="214" y="244" width="96" height="88" rx="10" fill="#e0a84e"/>` +
    `<path d="M236 266h0M262 266h0M288 266h0M236 310h0M262 310h0M288 310h0" stroke="#a86b20" stroke-width="7" stroke-linecap="round"/></g>` +
    `<circle cx="150" cy="294" r="44" fill="#c98a3e"/><path d="M130 280h0M160 274h0M146 304h0M172 300h0M126 308h0" stroke="#5b3413" stroke-width="10" stroke-linecap="round"/>`,
  bread: (c, l) =>
    `<path d="M190 72l-14-10M210 72l14-10" stroke="${c.dark}" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M182 70H218L236 100H164Z" fill="#f4efe6"/>` +
    `<path d="M112 150Q112 96 200 96Q288 96 288 150V316Q288 334 270 334H130Q112 334 112 316Z" fill="#f4efe6"/>` +
    `<path d="M130 170Q130 118 200 118Q270 118 270 170V200H130Z" fill="#d9944a"/>` +
    `<rect x="112" y="196" width="176" height="104" fill="${c.main}"/>` +
    label(l, 200, 234, 160, c.ink, c.ink),
  tub: (c, l) =>
    `<path d="M110 130H290L272 320Q270 334 256 334H144Q130 334 128 320Z" fill="${c.light}"/>` +
    `<rect x="100" y="102" width="200" height="36" rx="14" fill="${c.main}"/>` +
    `<path d="M116 180H284L276 268H124Z" fill="${c.main}"/>` +
    label(l, 200, 214, 150, c.ink, c.ink, 24, 1),
  soap: (c, l) =>
    `<rect x="84" y="150" width="232" height="150" rx="70" fill="${c.light}"/>` +
    `<rect x="84" y="150" width="232" height="150" rx="70" fill="${c.main}" opacity=".35"/>` +
    `<rect x="104" y="168" width="192" height="114" rx="56" fill="none" stroke="#fff" stroke-width="4" opacity=".8"/>` +
    label(l, 200, 224, 172, c.dark, c.dark, 28, 1) +
    `<g fill="#fff" stroke="${c.main}" stroke-width="3" opacity=".9"><circle cx="290" cy="122" r="20"/><circle cx="326" cy="150" r="11"/><circle cx="256" cy="104" r="9"/></g>`,
  tube: (c, l) =>
    `<path d="M128 80H272L252 296H148Z" fill="${c.main}"/>` +
    `<rect x="122" y="64" width="156" height="22" rx="3" fill="${c.dark}"/>` +
    `<path d="M136 68V82M150 68V82M164 68V82M178 68V82M192 68V82M206 68V82M220 68V82M234 68V82M248 68V82M262 68V82" stroke="#fff" stroke-width="2" opacity=".4"/>` +
    `<rect x="158" y="292" width="84" height="44" rx="8" fill="${c.dark}"/>` +
    `<path d="M136 218Q200 196 264 218L258 262Q200 244 142 262Z" fill="#fff" opacity=".35"/>` +
    label(l, 200, 142, 124, c.ink, c.ink, 22),
  pump: (c, l) =>
    `<rect x="176" y="58" width="48" height="18" rx="5" fill="${c.dark}"/><rect x="220" y="62" width="46" height="10" rx="4" fill="${c.dark}"/>` +
    `<rect x="193" y="74" width="14" height="26" fill="${c.dark}"/><rect x="170" y="96" width="60" height="26" rx="6" fill="${c.dark}"/>` +
    `<rect x="120" y="118" width="160" height="216" rx="34" fill="${c.main}"/>` +
    `<rect x="134" y="168" width="132" height="112" rx="12" fill="${c.light}"/>` +
    HIGHLIGHT(134, 130, 30) +
    label(l, 200, 202, 124, c.dark, c.dark, 22),
  jug: (c, l) =>
    `<rect x="188" y="60" width="56" height="24" rx="5" fill="${c.dark}"/>` +
    `<path d="M100 130Q100 100 130 100H196V80H236V100H270Q300 100 300 140V314Q300 334 280 334H120Q100 334 100 314Z" fill="${c.main}"/>` +
    `<rect x="254" y="122" width="26" height="76" rx="13" fill="#fff" opacity=".75"/>` +
    `<rect x="114" y="206" width="172" height="108" rx="12" fill="${c.light}"/>` +
    label(l, 200, 242, 160, c.dark, c.dark, 24),
  carton: (c, l) =>
    `<path d="M162 98V80Q162 66 176 66H224Q238 66 238 80V98" fill="none" stroke="${c.dark}" stroke-width="10"/>` +
    `<rect x="96" y="96" width="208" height="238" rx="8" fill="${c.main}"/>` +
    `<path d="M96 96H304V112H96Z" fill="${c.dark}"/>` +
    label(l, 200, 154, 186, c.ink, c.ink, 28) +
    `<circle cx="200" cy="270" r="46" fill="${c.light}"/><path d="M170 270a30 30 0 0 1 54-18M230 270a30 30 0 0 1-54 18" fill="none" stroke="${c.main}" stroke-width="7" stroke-linecap="round"/>` +
    `<circle cx="262" cy="232" r="10" fill="#fff" opacity=".7"/><circle cx="140" cy="302" r="7" fill="#fff" opacity=".7"/>`,
  box: (c, l) =>
    `<path d="M104 110L140 80H304L268 110Z" fill="${c.light}"/><path d="M268 110L304 80V302L268 332Z" fill="${c.dark}"/>` +
    `<rect x="104" y="110" width="164" height="222" fill="${c.main}"/>` +
    `<path d="M104 250L268 196V256L104 310Z" fill="#fff" opacity=".25"/>` +
    label(l, 186, 164, 144, c.ink, c.ink, 24, 3),
};

// ---------------------------------------------------------------------------------------------
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

function palette(category: string): Palette {
  return PALETTES[category] ?? { hues: [hash(category) % 360], s: 60 };
}

function packColors(pal: Palette, h: number): Colors {
  const hue = (pal.hues[h % pal.hues.length] ?? 0) + (((h >>> 8) % 21) - 10);
  const main = hsl(hue, pal.s, 47);
  const dark = hsl(hue, Math.min(90, pal.s + 5), 28);
  return { main, dark, light: hsl(hue, 70, 95), ink: inkOn(main, dark) };
}

/** Normalised keyword text: lowercase, hyphens/punctuation to spaces. */
const words = (text: string): string =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

function isProduce(category: string, sub: string): boolean {
  if (/dry|juice|frozen|dried|chips/.test(sub)) return false;
  return category === 'vegetables-fruits' || /fruit|vegetable|veggie|herb|leafy|exotic|produce/.test(sub);
}

function mlOf(packSize: string): number | null {
  const m = /([\d.]+)\s*(ml|l|litre|liter|ltr)\b/i.exec(packSize);
  if (!m?.[1] || !m[2]) return null;
  const v = parseFloat(m[1]);
  return m[2].toLowerCase() === 'ml' ? v : v * 1000;
}

function detectPack(input: ProductImageInput): Exclude<Shape, ProduceShape> {
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
function shortName(name: string, brand: string, packSize: string): string {
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

// ---------------------------------------------------------------------------------------------
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
