// The server and every child process the tests start (the real server in the crash test and the
// browser tests, tools found on PATH) run on the Node that package.json pins (decision 018).
import { execFileSync } from 'node:child_process';

import { describe, expect, it } from 'vitest';

import packageJson from '../../package.json';

const pinned = packageJson.dependencies.node;

describe('the server test runner', () => {
  it('runs on Node 24', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });

  it('runs on the exact Node that package.json pins', () => {
    expect(process.versions.node).toBe(pinned);
  });

  it('starts child processes on the same Node, by its path or as a bare `node` on PATH', () => {
    expect(execFileSync(process.execPath, ['--version'], { encoding: 'utf8' }).trim()).toBe(`v${pinned}`);
    expect(execFileSync('node', ['--version'], { encoding: 'utf8' }).trim()).toBe(`v${pinned}`);
  });
});
