import { execFileSync } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { build as viteBuild, type Plugin } from 'vite';

import { ONE_BYTE_OUTPUT } from '../one-byte-output.ts';

const SHELL_MARK = '<div id="root"></div>';

/** Where the server build of a client build goes: beside it, never inside the served files. */
function serverBuildDir(outDir: string): string {
  return `${outDir}-server`;
}

/**
 * Renders the app shell (src/shell.tsx: skip link, header, empty main) into index.html's root at
 * build time, so a first or offline visit paints the real header before any script has run. A
 * server-side build of the shell runs in a child process (the persisted atoms open
 * BroadcastChannels that would keep this one alive); vanilla-extract names classes from the file
 * path in both builds, so the shell's classes are the ones in the client's stylesheets.
 */
export function prerenderShell(): Plugin {
  let root = process.cwd();
  let serverDir = '';
  let production = true;
  // Built beside, and put in place only once the client is written: a server never pairs a new
  // renderer with an older client (their class names and stylesheets must match).
  const nextDir = () => `${serverDir}.next`;
  return {
    name: 'storefront:prerender-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      production = config.isProduction;
      serverDir = serverBuildDir(path.resolve(config.root, config.build.outDir));
    },
    writeBundle: {
      sequential: true,
      handler() {
        rmSync(serverDir, { recursive: true, force: true });
        renameSync(nextDir(), serverDir);
      },
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(SHELL_MARK)) throw new Error(`index.html has no ${SHELL_MARK} to render the shell into`);
        // One server build for the shell (rendered here) and the page renderer the server runs
        // (src/ssr.tsx, decision 015). Self-contained, so that it runs wherever the build goes.
        await viteBuild({
          configFile: false,
          root,
          logLevel: 'warn',
          mode: 'production',
          plugins: [react(), vanillaExtractPlugin()],
          ssr: { noExternal: true },
          // A production build whenever the client's is (`npm run build`): the libraries'
          // CommonJS (React's server renderer) otherwise choose their development build when they
          // run, and `npm start` sets no NODE_ENV. That build runs its development checks on every
          // page, and its source (its `shell.js` was 797 KB, now 414 KB) sits in the renderer's
          // thread. A build under NODE_ENV=test (tests that build) compiles JSX for React's
          // development build, so it names that one.
          define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
          publicDir: false,
          build: {
            ssr: true,
            rolldownOptions: {
              input: { shell: 'src/shell.tsx', ssr: 'src/ssr.tsx' },
              // As the server's own build (vite.server.config.ts): one-byte source in the thread.
              output: ONE_BYTE_OUTPUT,
            },
            outDir: nextDir(),
            emptyOutDir: true,
            minify: false,
            sourcemap: false,
          },
        });
        const entry = pathToFileURL(path.join(nextDir(), 'shell.js')).href;
        const shell = execFileSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `const { renderShell } = await import(${JSON.stringify(entry)}); process.stdout.write(await renderShell()); process.exit(0);`,
          ],
          { cwd: root, encoding: 'utf8' },
        );
        // Marked not yet usable until React replaces it (decision 015), as a server-rendered page is.
        return html.replace(
          SHELL_MARK,
          `<div id="root"><div data-prerendered aria-disabled="true">${shell}</div></div>`,
        );
      },
    },
  };
}
