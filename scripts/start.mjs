// `npm start`: build the client when its sources changed, then run the server (API + PWA).
import { buildClient, clientBuildIsStale, requirePinnedNode, root, run } from './lib.mjs';

requirePinnedNode();

if (clientBuildIsStale()) await buildClient();
const code = await run(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
  cwd: root,
  env: { ...process.env },
});
process.exit(code);
