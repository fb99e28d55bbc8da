/**
 * Putting a server-rendered page (src/ssr.tsx, decision 015) into the built `index.html`. Pure
 * functions over strings, so they are tested without a build or a browser.
 */
import { createHash } from 'node:crypto';

import { PAGE_DATA_ID } from '../../src/lib/page-data';

/** What the page renderer gives back for an address. */
export interface RenderedPage {
  /** The root's content. */
  html: string;
  /** The page's title as HTML text (already escaped), or null to keep the shell's. */
  title: string | null;
  /**
   * The answers it was rendered from, as JSON with no `<` in it (src/lib/page-data.ts), for the
   * browser to hydrate the page with (decision 044).
   */
  data: string;
  /** The ids of the routes it matched ('__root__', '/products/$id'); absent from older builds. */
  routes?: string[];
  /** Source files (manifest keys) whose code its routes' loaders wait for; absent from older builds. */
  scripts?: string[];
}

/** A chunk of the client build, as Vite's manifest (`dist/.vite/manifest.json`) lists it. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The manifest key of a route's component, split from the route file by the router's plugin:
 * '/products/$id' -> 'src/routes/products.$id.tsx?tsr-split=component' (flat file names, an index
 * route's file named 'index').
 */
export function routeComponentKey(routeId: string): string {
  const name = routeId.replace(/^\//, '');
  const file = name === '' || name.endsWith('/') ? `${name}index` : name;
  return `src/routes/${file.replaceAll('/', '.')}.tsx?tsr-split=component`;
}

/**
 * The script files a page's routes need as the app starts (each route's component, the chunks
 * their loaders wait for (`sources`, as the manifest names them), and what those import), less
 * the entry's own, which the template already preloads. Listed in the page, they
 * are asked for with the HTML rather than once the entry has run, a round trip later on a slow
 * link, and Vite's loader finds their links there and adds none of its own (decision 060).
 */
export function routeScripts(
  manifest: BuildManifest,
): (routeIds: readonly string[], sources?: readonly string[]) => string[] {
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, into);
  };
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, entry);
  return (routeIds, sources = []) => {
    const needed = new Set<string>();
    for (const id of routeIds) closure(routeComponentKey(id), needed);
    for (const source of sources) closure(source, needed);
    return [...needed].filter((key) => !entry.has(key)).map((key) => `/${manifest[key]!.file}`);
  };
}

/** The built stylesheets, by the class names they mention: which files a page's markup needs. */
export type StylesheetIndex = Map<string, string[]>;

/**
 * Indexes stylesheets (`href` as the page links it, and its text) by every class their selectors
 * mention. vanilla-extract defines a component's classes in the stylesheet of its chunk; a class
 * another file's selectors also mention maps to both, and a page links both: more than it needs
 * is harmless, less would leave it unstyled until its scripts arrive.
 */
export function indexStylesheets(files: { href: string; css: string }[]): StylesheetIndex {
  const index: StylesheetIndex = new Map();
  for (const { href, css } of files) {
    // Selectors only: drop declaration blocks so that values (`url(a.b)`, `1.5em`) are not read as classes.
    const selectors = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\{[^{}]*\}/g, ' ');
    for (const match of selectors.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) {
      const hrefs = index.get(match[1]!) ?? [];
      if (!hrefs.includes(href)) index.set(match[1]!, [...hrefs, href]);
    }
  }
  return index;
}

/** The stylesheets `html`'s classes need, in a stable order, leaving out those already `linked`. */
export function stylesheetsFor(html: string, index: StylesheetIndex, linked: ReadonlySet<string>): string[] {
  const needed = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1]!.split(/\s+/)) {
      for (const href of index.get(name) ?? []) if (!linked.has(href)) needed.add(href);
    }
  }
  return [...needed].sort();
}

/** The stylesheets a built `index.html` links. */
export function linkedStylesheets(template: string): Set<string> {
  return new Set([...template.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1]!));
}

/** A built stylesheet's text, to put in a page, and the hash a CSP allows it by (`sha256-…`). */
export interface InlineStylesheet {
  css: string;
  hash: string;
}

/**
 * The stylesheets a rendered page may carry in its head (decision 049): all but one whose text
 * could end its `<style>` element, or whose `url()`s are relative to the file (they would then
 * resolve against the page's address), or whose text the HTML parser would change.
 */
export function inlineStylesheetsOf(files: { href: string; css: string }[]): Map<string, InlineStylesheet> {
  const inline = new Map<string, InlineStylesheet>();
  for (const { href, css } of files) {
    // The browser hashes the element's text after parsing (CR LF as LF, NUL replaced): such a
    // file's hash would not match.
    if (/<\/style/i.test(css) || /[\r\0]/.test(css) || hasRelativeUrl(css)) continue;
    inline.set(href, { css, hash: `sha256-${createHash('sha256').update(css).digest('base64')}` });
  }
  return inline;
}

/** Whether a stylesheet names a file by a path relative to its own (`url(images/a.png)`). */
function hasRelativeUrl(css: string): boolean {
  for (const [, url = ''] of css.matchAll(/url\(\s*['"]?([^'")\s]*)/gi)) {
    if (!/^(?:data:|\/|#|[a-z][\w+.-]*:)/i.test(url)) return true;
  }
  return false;
}

/**
 * `html` with each stylesheet link that `inline` has the text of replaced by that text in a
 * `<style>`, where the link stood (the cascade keeps its order), and the hashes a CSP must allow
 * (decision 049). The first paint then waits for no stylesheet: on a slow link each one cost a
 * round trip after the HTML's. The link stays, `disabled` (a disabled stylesheet is not fetched),
 * so that the app's loader, which asks for a chunk's stylesheet when no `<link>` has it, does not
 * ask for it again.
 */
export function inlineStylesheets(
  html: string,
  inline: ReadonlyMap<string, InlineStylesheet>,
): { html: string; hashes: string[] } {
  const hashes: string[] = [];
  const out = html.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (link, href: string) => {
    const sheet = inline.get(href);
    if (!sheet) return link;
    if (!hashes.includes(sheet.hash)) hashes.push(sheet.hash);
    return `<style>${sheet.css}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`;
  });
  return { html: out, hashes };
}

const ROOT_OPEN = '<div id="root">';
const ROOT_END = /<\/div>\s*<noscript>/;

/**
 * The built `index.html` with `page` in place of the prerendered shell. The page sits in a
 * wrapper that takes no room in the layout (`display: contents`) and marks it not yet usable
 * (`aria-disabled`): its buttons do nothing until the app has started and taken it over. The
 * answers it was rendered from follow it in a JSON data block (`PAGE_DATA_ID`).
 * Throws when the template has no root to fill (a build that is not this app's).
 */
export function assemblePage(
  template: string,
  page: RenderedPage,
  stylesheets: string[],
  scripts: readonly string[] = [],
): string {
  const open = template.indexOf(ROOT_OPEN);
  const end = open < 0 ? null : ROOT_END.exec(template.slice(open));
  if (open < 0 || !end) throw new Error('index.html has no root element to render the page into');
  const start = open + ROOT_OPEN.length;
  const close = open + end.index;
  // React hoists the preloads it renders (a product's photo) to the front; they belong in the head.
  const preloads: string[] = [];
  const body = page.html.replace(/<link rel="preload"[^>]*>/g, (link) => {
    preloads.push(link);
    return '';
  });
  const head = [...stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`), ...preloads];
  const data = `<script type="application/json" id="${PAGE_DATA_ID}">${page.data.replaceAll('<', '\\u003c')}</script>`;
  let html = `${template.slice(0, start)}<div data-prerendered aria-disabled="true">${body}</div>${data}${template.slice(close)}`;
  if (page.title !== null) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`);
  if (scripts.length > 0) {
    // After the entry's own preloads: the libraries every page runs first come first.
    const preloads = scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
    const headEnd = html.indexOf('</head>');
    if (headEnd >= 0) html = `${html.slice(0, headEnd)}${preloads}${html.slice(headEnd)}`;
  }
  if (head.length === 0) return html;
  // Ahead of the scripts: the browser asks for what the first paint waits on first.
  const at = html.search(/<script |<link rel="modulepreload"|<\/head>/);
  return `${html.slice(0, at)}${head.join('')}${html.slice(at)}`;
}
