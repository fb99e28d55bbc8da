import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Features import each other one way only (src/features/README.md). eslint's import-x/no-cycle
 * follows static imports between files, so a loop that closes through a `lazy(() => import())`
 * slips past it; this test reads every import, dynamic ones included, and looks at features as
 * wholes.
 */

const FEATURES = resolve(import.meta.dirname, '../../src/features');

/** One feature importing another, with the first file that does it (for the failure message). */
interface Edge {
  from: string;
  to: string;
  file: string;
  specifier: string;
}

/** Every module a source file names: import and export `from`, `import()`, side-effect imports. */
function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

const featureOf = (path: string): string | undefined => {
  const inside = relative(FEATURES, path);
  if (inside.startsWith('..') || inside === '') return undefined;
  return inside.split(sep)[0];
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The imports between features, one edge per pair, read from every file under src/features. */
function featureEdges(): Edge[] {
  const edges = new Map<string, Edge>();
  for (const file of sourceFiles(FEATURES)) {
    const from = featureOf(file);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const to = featureOf(resolve(dirname(file), specifier));
      if (!from || !to || to === from || edges.has(`${from}>${to}`)) continue;
      edges.set(`${from}>${to}`, { from, to, file: relative(FEATURES, file), specifier });
    }
  }
  return [...edges.values()];
}

/**
 * Each loop once, as the edges that close it: a loop is found from its alphabetically first
 * feature, walking only through features after it.
 */
function findLoops(edges: readonly Edge[]): Edge[][] {
  const out = new Map<string, Edge[]>();
  for (const edge of edges) out.set(edge.from, [...(out.get(edge.from) ?? []), edge]);
  const loops = new Map<string, Edge[]>();
  const walk = (start: string, path: Edge[]) => {
    const at = path.at(-1)?.to ?? start;
    for (const edge of out.get(at) ?? []) {
      if (edge.to === start) {
        const loop = [...path, edge];
        loops.set(loop.map((e) => e.from).join('>'), loop);
      } else if (edge.to > start && !path.some((e) => e.from === edge.to)) {
        walk(start, [...path, edge]);
      }
    }
  };
  for (const start of out.keys()) walk(start, []);
  return [...loops.values()];
}

const describeLoop = (loop: Edge[]) =>
  [loop[0]!.from, ...loop.map((e) => e.to)].join(' -> ') +
  loop.map((e) => `\n    ${e.from} -> ${e.to}: src/features/${e.file} imports '${e.specifier}'`).join('');

describe('imports between features', () => {
  it('form no loop, dynamic imports included', () => {
    const edges = featureEdges();
    // The walk found something: a broken path would make this pass vacuously.
    expect(edges.length).toBeGreaterThan(10);
    expect(findLoops(edges).map(describeLoop)).toEqual([]);
  });

  it('are read from static, re-exported, type-only and dynamic imports alike', () => {
    const source = [
      "import { a } from '../../a';",
      "import type { B } from '../b';",
      "export { c } from '../c';",
      "import '../d';",
      "const E = lazy(() => import('../../e').then((m) => ({ default: m.E })));",
      "// import('../not-code')",
      'const text = "import(\'../not-code-either\')";',
    ].join('\n');
    expect(importsOf(source)).toEqual(['../../a', '../b', '../c', '../d', '../../e']);
  });

  it('finds a loop however it closes', () => {
    const edge = (from: string, to: string): Edge => ({ from, to, file: `${from}/x.ts`, specifier: `../${to}` });
    expect(findLoops([edge('a', 'b'), edge('b', 'c')])).toEqual([]);
    const loops = findLoops([edge('auth', 'pwa'), edge('pwa', 'address'), edge('address', 'auth'), edge('x', 'y')]);
    expect(loops.map((loop) => loop.map((e) => e.from))).toEqual([['address', 'auth', 'pwa']]);
    expect(findLoops([edge('cart', 'layout'), edge('layout', 'cart')])).toHaveLength(1);
  });
});
