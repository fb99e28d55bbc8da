// @vitest-environment node
/**
 * The app shell the build renders into index.html (src/shell.tsx): the real header, styled by the
 * stylesheets index.html links, and no inline script (the CSP forbids it). Reads the build in
 * DIST_DIR, or dist/ when it is up to date, or else builds into a temporary directory first.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { builtClient } from '../tests/setup/built-client';

let dist = '';
let html = '';
let shell = '';

beforeAll(async () => {
  dist = await builtClient();
  html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  shell =
    /<div id="root"><div data-prerendered aria-disabled="true">([\s\S]*?)<\/div><\/div>\s*<noscript>/.exec(html)?.[1] ??
    '';
}, 180_000);

describe('prerendered shell', () => {
  it('holds the header and the main region, as a visitor first sees them', () => {
    expect(shell).toMatch(/^<a [^>]*href="#main"[^>]*>Skip to content<\/a><header/);
    expect(shell).toContain('aria-label="QuickCart home"');
    expect(shell).toContain('Maharashtra, India');
    expect(shell).toContain('role="search"');
    expect(shell).toContain('>Login</button>');
    expect(shell).toContain('<span>My Card</span>');
    // Empty but for React's marks of the not-delivered notice's boundary (AppFrame), which is nothing here.
    expect(shell).toMatch(/<main [^>]*id="main"[^>]*>(<!--\$--><!--\/\$-->)?<\/main>$/);
  });

  it('uses only classes that the stylesheets index.html links define', () => {
    const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"/g)]
      .map((match) => readFileSync(path.join(dist, match[1]!), 'utf8'))
      .join('\n');
    const classes = new Set([...shell.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/)));
    // The router marks the link to the current page; no stylesheet needs to know.
    classes.delete('active');
    expect(classes.size).toBeGreaterThan(15);
    for (const name of classes) expect(css, name).toMatch(new RegExp(`\\.${name}[^\\w-]`));
  });

  it('has no inline script or style attribute for the CSP to refuse', () => {
    expect(shell).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
  });
});
