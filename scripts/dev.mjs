// `npm run dev`: the API server (restarted on change) and Vite's dev server proxying /api to it.
import { spawn } from 'node:child_process';

import { bin, requirePinnedNode, root } from './lib.mjs';

requirePinnedNode();

const apiPort = process.env.API_PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--watch-path=server', '--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, DIST_DIR: '.no-client-in-dev' },
  }),
  spawn(bin('vite'), [], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_ORIGIN: `http://127.0.0.1:${apiPort}` },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
