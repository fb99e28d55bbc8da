import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every package a file imports is declared in package.json (dependencies or devDependencies), so
 * a fresh `npm ci` installs it and no file works only because another package happens to bring
 * it along (chrome-launcher did, through lighthouse, until decision 018).
 */

const ROOT = resolve(import.meta.dirname, '../..');
const FOLDERS = ['src', 'server', 'sw', 'scripts', 'bench', 'tests', 'build'];
const SKIP = new Set(['node_modules', 'dist', 'dist-server', 'data', '.tmp']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourceFiles(path);
    return /\.(tsx?|[cm]?js)$/.test(entry.name) ? [path] : [];
  });
}

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`), or undefined. */
function packageOf(specifier: string): string | undefined {
  if (/^(\.|\/|node:|virtual:|data:|https?:)/.test(specifier)) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return builtinModules.includes(name) ? undefined : name;
}

/** Imported but undeclared packages, each with the first file that imports it. */
function undeclared(files: { path: string; source: string }[], declared: Set<string>) {
  const missing = new Map<string, string>();
  for (const { path, source } of files) {
    for (const { fileName } of ts.preProcessFile(source, true, true).importedFiles) {
      const name = packageOf(fileName);
      if (name && !declared.has(name) && !missing.has(name)) missing.set(name, path);
    }
  }
  return Object.fromEntries(missing);
}

describe('declared packages', () => {
  it('finds an import of a package that package.json does not list', () => {
    const files = [
      { path: 'a.ts', source: "import ky from 'ky';\nimport { x } from '@scope/pkg/sub';\nimport('left-pad');" },
      { path: 'b.ts', source: "import { readFileSync } from 'node:fs';\nimport path from 'path';\nimport './c';" },
    ];
    expect(undeclared(files, new Set(['ky']))).toEqual({ '@scope/pkg': 'a.ts', 'left-pad': 'a.ts' });
  });

  it('package.json declares every package the project imports', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
    const rootFiles = readdirSync(ROOT).filter((name) => /\.(ts|[cm]?js)$/.test(name));
    const files = [
      ...FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder))),
      ...rootFiles.map((f) => join(ROOT, f)),
    ];
    expect(files.length).toBeGreaterThan(100);
    const found = undeclared(
      files.map((path) => ({ path: relative(ROOT, path), source: readFileSync(path, 'utf8') })),
      declared,
    );
    expect(found, 'imported here but not in package.json').toEqual({});
  });
});
