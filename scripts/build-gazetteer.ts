// Writes the gazetteer's compact file (decision 027) into the folder given, from the development
// cache or, when that is missing or stale, from the source packages. Run by the server build
// (vite.server.config.ts) so that dist-node/ carries it:
//   node --import tsx scripts/build-gazetteer.ts dist-node
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import { cachedOrBuiltData } from '../server/geo/gazetteer';
import { DATA_FILE_NAME } from '../server/geo/gazetteer-data';

const [folder] = process.argv.slice(2);
if (!folder) {
  console.error('usage: node --import tsx scripts/build-gazetteer.ts <folder>');
  process.exit(2);
}
await writeFile(path.join(folder, DATA_FILE_NAME), await cachedOrBuiltData());
