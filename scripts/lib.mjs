import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

const CLIENT_INPUTS = [
  'src',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'build',
  'package-lock.json',
  'server/schemas',
];

/** True when dist/ is missing or older than any client source. */
export function clientBuildIsStale() {
  const built = path.join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return CLIENT_INPUTS.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

export async function buildClient() {
  console.log('Building the storefront client…');
  const code = await run(bin('vite'), ['build', '--logLevel', 'warn']);
  if (code !== 0) throw new Error(`vite build failed with exit code ${code}`);
}
