// `npm start`: build the client and the server when their sources changed, then run the built
// server (API + PWA) with plain Node, as `npm run serve` does in production (decision 022).
import {
  buildClient,
  buildServer,
  clientBuildIsStale,
  requirePinnedNode,
  root,
  run,
  SERVER_NODE_FLAGS,
  serverBuildIsStale,
  serverEntry,
  withServerMallocSettings,
} from './lib.mjs';

requirePinnedNode();

if (clientBuildIsStale()) await buildClient();
if (serverBuildIsStale()) await buildServer();
const code = await run(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
  cwd: root,
  // glibc's allocator as the container sets it, unless set already (decision 046).
  env: withServerMallocSettings(),
});
process.exit(code);
