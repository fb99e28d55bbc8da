import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { TestProject } from 'vitest/node';

import { prepareTemplate } from './template-db';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDir: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'storefront-template-'));
  const { templateDir } = await prepareTemplate(root);
  project.provide('templateDir', templateDir);
  return () => rmSync(root, { recursive: true, force: true });
}
