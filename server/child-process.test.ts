import { describe, expect, it } from 'vitest';

import { preparingFlags } from './child-process';

describe('the Node flags a preparing process runs with', () => {
  it('keeps the loader and memory settings, with their values', () => {
    expect(preparingFlags(['--max-semi-space-size=4', '--import', 'tsx', '--require=./a.cjs'])).toEqual([
      '--max-semi-space-size=4',
      '--import',
      'tsx',
      '--require=./a.cjs',
    ]);
  });

  it("drops a debugger, a profiler and a watcher, with a value given apart (the child would run '9230')", () => {
    expect(
      preparingFlags([
        '--inspect-port',
        '9230',
        '--inspect=127.0.0.1:9229',
        '--cpu-prof',
        '--cpu-prof-dir',
        '/tmp/prof',
        '--watch-path=server',
        '--import',
        'tsx',
      ]),
    ).toEqual(['--import', 'tsx']);
  });
});
