/**
 * Page weight: gzip and brotli bytes of the JS and CSS each page needs before it can render,
 * read from the Vite build manifest. Prints one JSON object.
 *
 *   npm run build && node --import tsx bench/page-weight.ts [--budget]
 *
 * With --budget it exits non-zero when the initial JS of / exceeds 130 KB gzip.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
const BUDGET_INITIAL_JS_GZIP = 130 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}. Run "npm run build" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;

/** A chunk and everything it imports statically (what the browser must fetch before running it). */
function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

function sizes(files: string[]) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const content = readFileSync(path.join(dist, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
    brotli += brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { files: files.length, raw, gzip, brotli };
}

function filesOf(keys: Set<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return { js: [...js], css: [...css] };
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');
const initial = closure([entryKey]);

/** Route chunks that TanStack Router's code splitting made from one route file. */
const routeChunks = (routeFile: string) =>
  Object.keys(manifest).filter((key) => key.startsWith(`src/routes/${routeFile}`) && manifest[key]!.isDynamicEntry);

function page(routeFile: string) {
  const keys = closure(routeChunks(routeFile), new Set(initial));
  const { js, css } = filesOf(keys);
  return { js: sizes(js), css: sizes(css) };
}

const initialFiles = filesOf(initial);
const result = {
  benchmark: 'page-weight',
  command: 'npm run build && node --import tsx bench/page-weight.ts',
  unit: 'bytes',
  initial: { js: sizes(initialFiles.js), css: sizes(initialFiles.css) },
  pages: {
    '/': page('index.tsx'),
    '/{category}': page('$category.tsx'),
    '/products/{id}': page('products.$id.tsx'),
  },
  budget: { initialJsGzip: BUDGET_INITIAL_JS_GZIP },
};
console.log(JSON.stringify(result, null, 2));

if (process.argv.includes('--budget')) {
  const jsGzip = result.pages['/'].js.gzip;
  if (jsGzip > BUDGET_INITIAL_JS_GZIP) {
    console.error(`Budget exceeded: the initial JS of / is ${jsGzip} B gzip (budget ${BUDGET_INITIAL_JS_GZIP} B).`);
    process.exit(1);
  }
  console.error(`Budget met: the initial JS of / is ${jsGzip} B gzip (budget ${BUDGET_INITIAL_JS_GZIP} B).`);
}
