/**
 * The built server's entry (`dist-node/server.js`, what `npm run serve` runs; decision 050).
 * Stack traces name the server's own TypeScript files and lines, as `--enable-source-maps` made
 * them, but only the bundle's source maps are read: that flag also read every package's map
 * (sources included) and kept it in memory, about 20 MB of the server's idle memory. The maps
 * are read for modules loaded after this call, so the server itself is imported afterwards.
 */
import { setSourceMapsSupport } from 'node:module';

setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });

await import('./server');
