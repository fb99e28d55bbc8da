/** Fruit and vegetables of the product art, drawn loose rather than packed. */

import { darken, r1, shiftHue } from './svg';
import { type Produce } from './types';

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

export function detectProduce(words: string, isVegetable: boolean, h: number): Produce {
  for (const [re, spec] of PRODUCE) if (re.test(words)) return spec;
  if (isVegetable) return { shape: 'fruit', color: '#66bb6a', top: 'leaf' };
  return { shape: 'fruit', color: FRUIT_COLORS[h % FRUIT_COLORS.length] ?? '#e53935', top: 'leaf' };
}

const LEAF = '#3f9b3f';
const STEM = '#6d4c41';

export function drawProduce(p: Produce, h: number): string {
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
