import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/**
 * Stops with the command to use when this script was started by a Node other than the one
 * package.json pins (decision 018): `npm start`, `npm test` and `npm run …` put it first on PATH.
 */
export function requirePinnedNode() {
  const pinned = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).dependencies.node;
  if (process.versions.node === pinned) return;
  const script = path.relative(root, process.argv[1] ?? '');
  console.error(
    `This project runs on Node ${pinned}, installed by \`npm install\` into node_modules; ` +
      `${script} was started by Node ${process.versions.node}. Run it through npm (npm start, npm test, npm run …) or with \`npx node\`.`,
  );
  process.exit(1);
}

/**
 * Runs a command with inherited output; resolves with its exit code. The directory of the Node
 * running this script comes first on the child's PATH, so tools started through a `#!/usr/bin/env
 * node` line (vite, vitest, playwright) run on the same Node.
 */
export function run(command, args, options = {}) {
  const env = options.env ?? process.env;
  const PATH = [path.dirname(process.execPath), env.PATH].filter(Boolean).join(path.delimiter);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options, env: { ...env, PATH } });
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

/** True when `built` is missing or older than any of `inputs`. */
function isStale(built, inputs) {
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

/** When the newest of the client's sources changed (ms since the epoch). */
export function clientInputsChangedAt() {
  return Math.max(...CLIENT_INPUTS.map((input) => newestMtime(path.join(root, input))));
}

/** True when dist/ is missing or older than any client source. */
export function clientBuildIsStale() {
  return isStale(path.join(root, 'dist', 'index.html'), CLIENT_INPUTS);
}

export async function buildClient() {
  console.log('Building the storefront client…');
  const code = await run(bin('vite'), ['build', '--logLevel', 'warn']);
  if (code !== 0) throw new Error(`vite build failed with exit code ${code}`);
}

// package.json: its `sideEffects` decides what the bundle keeps (decision 050).
const SERVER_INPUTS = ['server', 'vite.server.config.ts', 'package.json', 'package-lock.json'];

/** The built server (decision 022): what `npm run serve` and `npm run ops` run. */
export const serverEntry = path.join(root, 'dist-node', 'server.js');

/**
 * Node's flags for the built server, in `npm start`, `npm run serve` and the Dockerfile's CMD
 * (a test checks that the three agree). On a host with 4 GB or more, V8 let the young generation
 * of the server's thread grow to 128 MB of semi-spaces while it started (migrations, seeding, the
 * first pages), and they stayed resident while idle; 4 MB semi-spaces keep them at 8 MB, about
 * 150 MB less at idle, for perhaps 5 % less throughput on cached reads, within this machine's
 * noise (decision 050). The threads the server starts set the same in their `resourceLimits`.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

/**
 * glibc's allocator for the server (decision 046): two arenas instead of one per thread, and
 * buffers from 64 KiB up handed back to the system when freed. About 50 MB less at idle on
 * PGlite, 135 MB less after 2,000 rendered pages. The Dockerfile sets the same.
 */
export const SERVER_MALLOC_SETTINGS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' };

/** `env` with SERVER_MALLOC_SETTINGS added where it does not set them already. */
export const withServerMallocSettings = (env = process.env) => ({ ...SERVER_MALLOC_SETTINGS, ...env });

/** True when dist-node/ is missing or older than any server source. */
export function serverBuildIsStale() {
  return isStale(serverEntry, SERVER_INPUTS);
}

export async function buildServer() {
  console.log('Building the storefront server…');
  const code = await run(bin('vite'), ['build', '--config', 'vite.server.config.ts']);
  if (code !== 0) throw new Error(`server build failed with exit code ${code}`);
}
