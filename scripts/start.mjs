// `npm start`: build the client and the server when their sources changed, then run the built
// server (API + PWA) with plain Node, as `npm run serve` does in production (decision 022).
import {
  buildClient,
  buildServer,
  clientBuildIsStale,
  requirePinnedNode,
  root,
  run,
  serverBuildIsStale,
  serverEntry,
} from './lib.mjs';

requirePinnedNode();

if (clientBuildIsStale()) await buildClient();
if (serverBuildIsStale()) await buildServer();
const code = await run(process.execPath, ['--enable-source-maps', serverEntry], {
  cwd: root,
  env: { ...process.env },
});
process.exit(code);
