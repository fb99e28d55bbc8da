// A thread of build/gzip.ts: compresses the files it is sent with Zopfli and writes each copy
// beside its file. Zopfli's module (Emscripten) sets handlers for uncaught errors on the process
// it loads in: here that is this thread, not the build's own process.
import { readFileSync, writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

import { gzipAsync } from '@gfx/zopfli';

parentPort.on('message', async (file) => {
  try {
    writeFileSync(`${file}.gz`, await gzipAsync(readFileSync(file), { numiterations: 15 }));
    parentPort.postMessage({ file });
  } catch (error) {
    parentPort.postMessage({ file, error: String(error?.stack ?? error) });
  }
});
