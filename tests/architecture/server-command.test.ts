import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { SERVER_MALLOC_SETTINGS, SERVER_NODE_FLAGS } from '../../scripts/lib.mjs';

/**
 * The built server starts the same way in each place that starts it (decisions 046 and 050):
 * `npm start` (scripts/start.mjs, from SERVER_NODE_FLAGS), `npm run serve` and the container's
 * CMD. A flag added to one and not the others would make the container use memory the benchmarks
 * never saw.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(resolve(ROOT, file), 'utf8');

describe('how the built server is started', () => {
  it('npm run serve runs node with the server flags', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.serve).toBe(['node', ...SERVER_NODE_FLAGS, 'dist-node/server.js'].join(' '));
  });

  it("the container's CMD runs node with the server flags, and sets glibc's allocator as npm start does", () => {
    const dockerfile = read('Dockerfile');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(cmd && JSON.parse(cmd)).toEqual([
      '/app/node_modules/.bin/node',
      ...SERVER_NODE_FLAGS,
      'dist-node/server.js',
    ]);
    for (const [name, value] of Object.entries(SERVER_MALLOC_SETTINGS)) {
      expect(dockerfile).toMatch(new RegExp(`\\b${name}=${value}\\b`));
    }
  });
});
