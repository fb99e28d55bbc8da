import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Names this build: the persisted query cache of another build is not restored (its data may be
 * shaped differently). BUILD_ID overrides it; else the package version and the git commit.
 */
export function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    return `${version}-${commit}`;
  } catch {
    return version;
  }
}
