// The project runs on the Node that package.json pins through the registry's `node` package
// (decision 018); npm scripts put it first on PATH. A runner started by another Node fails here.
import { describe, expect, it } from 'vitest';

import packageJson from '../package.json';

describe('the unit test runner', () => {
  it('runs on Node 24', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });

  it('runs on the exact Node that package.json pins', () => {
    expect(process.versions.node).toBe(packageJson.dependencies.node);
  });
});
