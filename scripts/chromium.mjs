import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const INSTALL = 'apt-get update && apt-get install -y chromium';

/**
 * Browser tests use Debian's Chromium; no tool may download a browser of its own. Installs it
 * when we are root with apt, otherwise stops with the exact command to run.
 */
export function ensureChromium() {
  const path = chromiumPath();
  if (existsSync(path)) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt && !process.env.CHROMIUM_PATH) {
    console.log(`Chromium is missing; installing it: ${INSTALL}`);
    execFileSync(
      'sh',
      ['-c', `${INSTALL} > /tmp/chromium-install.log 2>&1 || (tail -20 /tmp/chromium-install.log; exit 1)`],
      {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      },
    );
    if (existsSync(path)) return path;
  }
  console.error(
    `Chromium was not found at ${path}. The browser tests need Debian's Chromium. Install it with:\n\n` +
      `  sudo sh -c '${INSTALL}'\n\n` +
      'or point CHROMIUM_PATH at an existing Chromium binary.',
  );
  process.exit(1);
}
