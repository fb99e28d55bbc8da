// Writes the OpenAPI document the server serves at /api/docs/json to .tmp/openapi.json, then
// lints it with Redocly's `recommended` rules (redocly.yaml; decision 025). Run through
// `npm run lint:api` (tsx loads the server's TypeScript).
//   node --import tsx scripts/openapi.mjs           write and lint
//   node --import tsx scripts/openapi.mjs --no-lint only write the document
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { bin, requirePinnedNode, root, run } from './lib.mjs';

requirePinnedNode();

/** The document as the app serves it, built against a throwaway empty database. */
async function buildDocument() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-openapi-'));
  try {
    const config = loadConfig(
      {},
      {
        env: 'test',
        dataDir,
        databaseUrl: undefined,
        jwtSecret: 'the-openapi-script-signs-nothing-with-this-secret',
        distDir: path.join(dataDir, 'no-client'),
        logLevel: 'silent',
        // The local gateway reads its generated secrets from the database when it starts; the
        // routes (and so the document) are the same with online payment off.
        payments: { provider: 'off' },
        // Push listens to the order events (a table this empty database lacks) once ready; its
        // routes are registered either way.
        push: { enabled: false, publicKey: '', privateKey: '', subject: '' },
      },
    );
    // Registering routes queries nothing, so the database needs no migrations.
    const app = await buildApp({ config, database: await openDatabase(config) });
    try {
      await app.ready();
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const out = path.join(root, '.tmp', 'openapi.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(await buildDocument(), null, 2)}\n`);
console.log(`OpenAPI document written to ${path.relative(root, out)}`);

if (!process.argv.includes('--no-lint')) {
  const args = ['lint', '--config', 'redocly.yaml', path.relative(root, out)];
  // No usage reports or update checks from CI and developers' machines. This script's Node goes
  // first on PATH (as in `run`) for the `#!/usr/bin/env node` line of redocly's script.
  const env = {
    ...process.env,
    PATH: [path.dirname(process.execPath), process.env.PATH].filter(Boolean).join(path.delimiter),
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  };
  const code = await run(bin('redocly'), args, { env });
  if (code !== 0) process.exit(code);
  // Redocly passes a run with warnings; this project's document must have none.
  const report = JSON.parse(
    execFileSync(bin('redocly'), [...args, '--format', 'json'], {
      cwd: root,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  if (report.totals.warnings > 0) {
    console.error(`The OpenAPI document has ${report.totals.warnings} warning(s) (above): it must lint clean.`);
    process.exit(1);
  }
}
