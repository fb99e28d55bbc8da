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

  it("the container's CMD runs node with the server flags, and its runtime stage sets glibc's allocator as npm start does", () => {
    // The runtime stage: what follows the last FROM.
    const runtime = read('Dockerfile')
      .split(/^FROM /m)
      .at(-1)!;
    const cmds = [...runtime.matchAll(/^CMD (\[.*\])$/gm)].map((match) => JSON.parse(match[1]!) as string[]);
    expect(cmds).toEqual([['/app/node_modules/.bin/node', ...SERVER_NODE_FLAGS, 'dist-node/server.js']]);
    const settings = new Map(
      [...runtime.matchAll(/^ENV ((?:.*\\\n)*.*)$/gm)].flatMap((match) =>
        [...match[1]!.matchAll(/\b([A-Z_]+)=(\S+)/g)].map(([, name, value]) => [name!, value!]),
      ),
    );
    for (const [name, value] of Object.entries(SERVER_MALLOC_SETTINGS)) expect(settings.get(name)).toBe(value);
  });

  it('the built entry keeps the server: package.json lists it as having side effects', () => {
    // server/entry.ts imports server/server.ts for its side effect (it starts the server); without
    // this the bundler drops the import and `node dist-node/server.js` exits at once (decision 050).
    const { sideEffects } = JSON.parse(read('package.json')) as { sideEffects: string[] };
    expect(sideEffects).toContain('./server/server.ts');
  });
});
