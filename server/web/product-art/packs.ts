/** Packs of the product art. */

import { label, zigzag } from './svg';
import { type Colors, type Label, type ProduceShape, type Shape } from './types';

// Packs. Each draws in the 400x400 box, roughly y 60..334; labels stay inside the pack face.

type PackDrawer = (c: Colors, l: Label) => string;

const WHITE = '#fff';
const HIGHLIGHT = (x: number, y: number, h: number): string =>
  `<rect x="${x}" y="${y}" width="10" height="${h}" rx="5" fill="#fff" opacity=".3"/>`;

export const PACKS: Record<Exclude<Shape, ProduceShape>, PackDrawer> = {
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
