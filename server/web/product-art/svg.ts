/** Small SVG helpers of the product art: hashing, colours, escaping, text and wrapping. */

import { LABEL_MAX_CHARS, type Label } from './types';

// Small helpers

export function hash(text: string): number {
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

export function hsl(h: number, s: number, l: number): string {
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
export function shiftHue(hex: string, deg: number): string {
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

export function darken(hex: string, amount: number): string {
  return `#${rgb(hex)
    .map((c) => hex2(c * (1 - amount)))
    .join('')}`;
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

export const inkOn = (hex: string, dark: string): string => (luminance(hex) > 0.62 ? dark : '#fff');

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

export function escapeXml(text: string): string {
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

export const chars = (text: string): string[] => Array.from(text);

/** Cut `text` to at most `max` characters (ellipsis included), preferring a word boundary. */
export function clip(text: string, max: number): string {
  const cs = chars(text.trim());
  if (cs.length <= max) return cs.join('');
  let cut = cs.slice(0, Math.max(1, max - 1)).join('');
  const space = cut.lastIndexOf(' ');
  if (space >= max * 0.6) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,.;:&/(+–-]+$/u, '')}…`;
}

/** Greedy word wrap into at most `maxLines` lines of `max` characters, ellipsis on overflow. */
export function wrap(text: string, max: number, maxLines: number): string[] {
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

export function text(x: number, y: number, size: number, weight: number, fill: string, body: string): string {
  return `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(body)}</text>`;
}

/** Brand (bold) and up to `nameLines` lines of the short name, centred on `cx`, first baseline `y`. */
export function label(
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

export const r1 = (v: number): number => Math.round(v * 10) / 10;

export function zigzag(x: number, y: number, teeth: number, w: number, dy: number): string {
  return `M${x} ${y}${`l${w / 2} ${dy}l${w / 2} ${-dy}`.repeat(teeth)}`;
}
