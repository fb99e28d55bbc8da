// `npm run check:production` (a step of CI, not of `npm test`: the install takes about a minute).
// The production path of the README, in a scratch directory holding only package.json,
// package-lock.json, .npmrc and the built output (decision 022): `npm ci --omit=dev`, then
// `npm run serve` with a production configuration, then /readyz, an API answer and a page the
// server rendered in its worker thread; then `npm run ops` with the server stopped. Builds first
// when the build is missing or older than its sources. Prints the installed size.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  buildClient,
  buildServer,
  clientBuildIsStale,
  requirePinnedNode,
  root,
  run,
  serverBuildIsStale,
} from './lib.mjs';

requirePinnedNode();

const FILES = ['package.json', 'package-lock.json', '.npmrc'];
const BUILT = ['dist', 'dist-server', 'dist-node'];
/** Build tools and the TypeScript loader: a production install that has them is not lean. */
const NOT_IN_PRODUCTION = ['tsx', 'typescript', 'vite', 'react', '@vanilla-extract/css', 'workbox-build'];

if (clientBuildIsStale()) await buildClient();
if (serverBuildIsStale()) await buildServer();

const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-production-'));
const keep = process.argv.includes('--keep');

/**
 * The environment of the commands run in the scratch directory: without the variables the
 * `npm run` that started this script set (npm_config_local_prefix and the like point at this
 * checkout), so that npm there works on the scratch directory only.
 */
const KEPT_NPM = new Set([
  'npm_config_cache',
  'npm_config_userconfig',
  'npm_config_globalconfig',
  'npm_config_registry',
]);
const baseEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) || KEPT_NPM.has(key.toLowerCase())),
);

class CheckFailed extends Error {}

function fail(message) {
  throw new CheckFailed(message);
}

let server;
let failed = false;
try {
  for (const file of FILES) copyFileSync(path.join(root, file), path.join(dir, file));
  for (const folder of BUILT) cpSync(path.join(root, folder), path.join(dir, folder), { recursive: true });

  console.log(`== npm ci --omit=dev in ${dir}`);
  const installed = await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: dir, env: baseEnv });
  if (installed !== 0) fail(`npm ci --omit=dev failed (exit ${installed})`);

  const modules = path.join(dir, 'node_modules');
  const present = NOT_IN_PRODUCTION.filter((name) => existsSync(path.join(modules, name)));
  if (present.length > 0) fail(`the production install has build-only packages: ${present.join(', ')}`);
  const bytes = Number(spawnSync('du', ['-sb', modules], { encoding: 'utf8' }).stdout.split('\t')[0]);
  const lock = JSON.parse(readFileSync(path.join(modules, '.package-lock.json'), 'utf8'));
  const packages = Object.keys(lock.packages).filter((key) => key.includes('node_modules/')).length;
  console.log(`== installed: ${packages} packages, ${bytes} B (${(bytes / 2 ** 20).toFixed(0)} MiB) in node_modules`);

  const env = {
    ...baseEnv,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: path.join(dir, 'data'),
    JWT_SECRET: randomBytes(48).toString('base64url'),
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: 'not-used-by-this-check',
    MSG91_TEMPLATE_ID: 'not-used-by-this-check',
    MSG91_SENDER_ID: 'QCKCRT',
    // Online payment through Razorpay (the production default): loads the SDK from this install.
    RAZORPAY_KEY_ID: 'rzp_test_notUsedByThisCheck',
    RAZORPAY_KEY_SECRET: 'not-used-by-this-check',
    RAZORPAY_WEBHOOK_SECRET: 'not-used-by-this-check-either',
    // Web Push (required in production): loads web-push from this install.
    VAPID_PUBLIC_KEY: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    VAPID_PRIVATE_KEY: 'tUxbf-Mxt1TjtxU2Zj1ZLVXYZlmz7nqrbd4TjkDTVZw',
    VAPID_SUBJECT: 'mailto:ops@quickcart.example',
    LOG_LEVEL: 'warn',
  };

  console.log('== npm run serve');
  server = await startServing(env);
  const base = server.url;

  const ready = await fetch(`${base}/readyz`);
  const readyBody = await ready.json();
  if (ready.status !== 200 || readyBody.status !== 'ready')
    fail(`/readyz answered ${ready.status} ${JSON.stringify(readyBody)}`);
  console.log(`/readyz: ${JSON.stringify(readyBody)}`);

  const api = await fetch(`${base}/api/product/public/1`);
  const product = await api.json();
  if (api.status !== 200 || typeof product.name !== 'string') fail(`/api/product/public/1 answered ${api.status}`);
  console.log(`/api/product/public/1: ${product.name}`);

  // sharp (libvips, a native package) is loaded on first use, not at start (decision 050): an
  // illustration's WebP variant is what loads it, so a broken install shows here, not in a shopper's page.
  const art = await fetch(new URL(product.img.replace(/\.svg$/, '-128.webp'), base));
  const artBytes = (await art.arrayBuffer()).byteLength;
  if (art.status !== 200 || art.headers.get('content-type') !== 'image/webp' || artBytes === 0)
    fail(`${product.img} as WebP answered ${art.status} ${art.headers.get('content-type')}`);
  console.log(`${product.img} as WebP: ${artBytes} bytes (sharp loads)`);

  // The page renderer's first answer also loads the app in its thread: on a busy machine that can
  // take longer than a visitor waits (who then gets the shell), so a few tries.
  let rendered = false;
  for (let attempt = 1; attempt <= 5 && !rendered; attempt++) {
    const page = await fetch(`${base}/products/1?attempt=${attempt}`, { headers: { accept: 'text/html' } });
    const html = await page.text();
    if (page.status !== 200) fail(`/products/1 answered ${page.status}`);
    rendered = html.includes(`<title>${product.name} | QuickCart</title>`) && html.includes('data-prerendered');
    if (!rendered) await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  if (!rendered) fail('/products/1 never came rendered on the server (the page worker does not run)');
  console.log(`/products/1: rendered on the server`);

  await server.stop();
  server = undefined;

  // PGlite is one process: the ops command runs once the server has stopped.
  console.log('== npm run ops -- stores:list');
  const ops = spawnSync('npm', ['run', '--silent', 'ops', '--', 'stores:list'], { cwd: dir, env, encoding: 'utf8' });
  if (ops.status !== 0) fail(`npm run ops -- stores:list failed (exit ${ops.status}):\n${ops.stdout}${ops.stderr}`);
  if (ops.stdout.trim() === '') fail('npm run ops -- stores:list printed nothing');
  console.log(ops.stdout.trim());

  console.log('== production install: OK');
} catch (error) {
  failed = true;
  console.error(`check-production-install: ${error instanceof CheckFailed ? error.message : error}`);
  console.error(`(scratch directory kept: ${dir})`);
  process.exitCode = 1;
} finally {
  await server?.stop();
  if (!keep && !failed) rmSync(dir, { recursive: true, force: true });
}

/** `npm run serve` in the scratch directory, in a process group of its own (npm, sh, node). */
function startServing(env) {
  const child = spawn('npm', ['run', '--silent', 'serve'], {
    cwd: dir,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new CheckFailed(`npm run serve did not start in 120 s:\n${output}`));
    }, 120_000);
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /Storefront ready at (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stdout.resume();
      resolve({ url: match[1].replace('localhost', '127.0.0.1'), stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new CheckFailed(`npm run serve exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}
