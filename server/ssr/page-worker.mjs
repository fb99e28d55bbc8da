// The page renderer's thread (decision 015): runs the app's server build (src/ssr.tsx) away from
// the server's event loop. Plain JavaScript, so that it starts the same under tsx and vitest.
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ entry: string; origin: string; timeoutMs: number }} */
const { entry, origin, timeoutMs } = workerData;

// The app's loaders fetch the API by relative URL, as in a browser: here they resolve against the
// server's own address (undici's global origin, which Node's fetch and Request read).
globalThis[Symbol.for('undici.globalOrigin.1')] = new URL(origin);
// The persisted atoms announce writes on a BroadcastChannel; nothing here writes, and an open
// channel would keep this thread alive.
delete globalThis.BroadcastChannel;

const { renderPage } = await import(pathToFileURL(entry).href);

parentPort.on('message', async (/** @type {{ id: number; url: string }} */ { id, url }) => {
  try {
    parentPort.postMessage({ id, page: await renderPage(url, { timeoutMs }) });
  } catch (error) {
    parentPort.postMessage({ id, page: null, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
