import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import {
  assemblePage,
  indexStylesheets,
  inlineStylesheets,
  inlineStylesheetsOf,
  linkedStylesheets,
  routeComponentKey,
  routeScripts,
  stylesheetsFor,
  type BuildManifest,
} from './page-html';

const TEMPLATE = `<!doctype html>
<html lang="en-IN">
  <head>
    <title>QuickCart — groceries delivered in minutes</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C.css">
  </head>
  <body>
    <div id="root"><a href="#main">Skip to content</a><header>shell</header><main id="main"></main></div>
    <noscript>QuickCart needs JavaScript to show the store.</noscript>
  </body>
</html>`;

describe('indexStylesheets and stylesheetsFor', () => {
  const index = indexStylesheets([
    { href: '/assets/index-C.css', css: '.hdr0{display:flex}.hdr1:hover{color:red}' },
    {
      href: '/assets/card-D.css',
      css: '/* .commented{} */.card0{background:url(a.svg);width:1.5em}.card0 .card1,.grid0>.card1{margin:0}@media (min-width:40em){.card2{gap:1rem}}',
    },
    { href: '/assets/grid-E.css', css: '.grid0{display:grid}' },
  ]);

  it('knows every class a selector names, and not numbers or file names in values', () => {
    expect(index.get('card0')).toEqual(['/assets/card-D.css']);
    expect(index.get('card2')).toEqual(['/assets/card-D.css']);
    expect(index.get('grid0')).toEqual(['/assets/card-D.css', '/assets/grid-E.css']);
    expect(index.has('svg')).toBe(false);
    expect(index.has('5em')).toBe(false);
    expect(index.has('commented')).toBe(false);
  });

  it('lists the stylesheets a page needs beyond those the shell links, once each, in order', () => {
    const html =
      '<div class="hdr0"><ul class="grid0"><li class="card0 card1">a</li><li class="card0">b</li></ul></div>';
    expect(stylesheetsFor(html, index, linkedStylesheets(TEMPLATE))).toEqual([
      '/assets/card-D.css',
      '/assets/grid-E.css',
    ]);
    expect(stylesheetsFor('<p class="unknown">x</p>', index, new Set())).toEqual([]);
  });
});

describe('assemblePage', () => {
  const page = {
    html: '<link rel="preload" as="image" href="/images/products/tomato.svg" fetchPriority="high"/><a href="#main">Skip to content</a><main id="main"><h1>Tomato</h1></main>',
    title: 'Tomato Hybrid | QuickCart',
    data: '[]',
  };

  it('puts the page in the root in place of the shell, in a wrapper marked not yet usable', () => {
    const html = assemblePage(TEMPLATE, page, []);
    expect(html).toContain(
      '<div id="root"><div data-prerendered aria-disabled="true"><a href="#main">Skip to content</a><main id="main"><h1>Tomato</h1></main></div><script type="application/json" id="page-data">[]</script></div>\n    <noscript>',
    );
    expect(html).not.toContain('<header>shell</header>');
  });

  it('sets the title and puts the stylesheets and preloads in the head, ahead of the scripts', () => {
    const html = assemblePage(TEMPLATE, page, ['/assets/card-D.css']);
    expect(html).toContain('<title>Tomato Hybrid | QuickCart</title>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/card-D.css"><link rel="preload" as="image" href="/images/products/tomato.svg" fetchPriority="high"/><script type="module"',
    );
    expect(html.slice(html.indexOf('<body>'))).not.toContain('rel="preload"');
  });

  it('keeps the shell title when the page sets none, and takes a title with $ signs as it is', () => {
    expect(assemblePage(TEMPLATE, { html: '<main></main>', title: null, data: '[]' }, [])).toContain(
      '<title>QuickCart — groceries delivered in minutes</title>',
    );
    expect(assemblePage(TEMPLATE, { html: '<main></main>', title: "Save $& now, it's $'", data: '[]' }, [])).toContain(
      "<title>Save $& now, it's $'</title>",
    );
  });

  it('sends the answers the page was rendered from in a data block nothing in them can close', () => {
    const answers = [[['product', 1], { name: '</script><script>alert(1)</script> <!-- $&' }, 1]];
    const html = assemblePage(TEMPLATE, { ...page, data: JSON.stringify(answers) }, []);
    const block = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1]!)).toEqual(answers);
  });

  it('refuses a template without a root to fill', () => {
    expect(() => assemblePage('<html><body></body></html>', page, [])).toThrow(/no root element/);
  });

  it("preloads the routes' scripts after the entry's own, in the head", () => {
    const html = assemblePage(TEMPLATE, page, [], ['/assets/products-E.js', '/assets/stepper-F.js']);
    const head = html.slice(0, html.indexOf('</head>') + '</head>'.length);
    expect(head).toMatch(
      /vendor-B\.js">[\s\S]*<link rel="modulepreload" crossorigin href="\/assets\/products-E\.js"><link rel="modulepreload" crossorigin href="\/assets\/stepper-F\.js">\s*<\/head>$/,
    );
    expect(html.slice(html.indexOf('<body>'))).not.toContain('modulepreload');
  });
});

describe('routeComponentKey and routeScripts (decision 060)', () => {
  it("names the manifest key of a route's split component, as the router's plugin names its files", () => {
    expect(routeComponentKey('/')).toBe('src/routes/index.tsx?tsr-split=component');
    expect(routeComponentKey('/products/$id')).toBe('src/routes/products.$id.tsx?tsr-split=component');
    expect(routeComponentKey('/$category')).toBe('src/routes/$category.tsx?tsr-split=component');
    expect(routeComponentKey('/_authed/account/')).toBe('src/routes/_authed.account.index.tsx?tsr-split=component');
  });

  const manifest: BuildManifest = {
    'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_vendor-B.js', '_shared-S.js'] },
    '_vendor-B.js': { file: 'assets/vendor-B.js' },
    '_shared-S.js': { file: 'assets/shared-S.js', imports: ['_vendor-B.js'] },
    '_stepper-F.js': { file: 'assets/stepper-F.js', imports: ['_vendor-B.js', '_shared-S.js'] },
    '_online-G.js': { file: 'assets/online-G.js' },
    'src/routes/products.$id.tsx?tsr-split=component': {
      file: 'assets/products-E.js',
      imports: ['_vendor-B.js', '_stepper-F.js', 'index.html', '_online-G.js'],
    },
    'src/routes/index.tsx?tsr-split=component': { file: 'assets/routes-H.js', imports: ['_stepper-F.js'] },
    'src/features/catalog/components/ProductCarousel.tsx': {
      file: 'assets/ProductCarousel-J.js',
      imports: ['_vendor-B.js', '_card-K.js'],
    },
    '_card-K.js': { file: 'assets/card-K.js' },
  };

  it("lists a page's route components and what they import, without the entry's own files", () => {
    const scriptsFor = routeScripts(manifest);
    expect(scriptsFor(['__root__', '/products/$id'])).toEqual([
      '/assets/products-E.js',
      '/assets/stepper-F.js',
      '/assets/online-G.js',
    ]);
    expect(scriptsFor(['__root__', '/'])).toEqual(['/assets/routes-H.js', '/assets/stepper-F.js']);
  });

  it('adds the chunks a loader waits for, named by their source file, and what they import', () => {
    expect(routeScripts(manifest)(['__root__', '/'], ['src/features/catalog/components/ProductCarousel.tsx'])).toEqual([
      '/assets/routes-H.js',
      '/assets/stepper-F.js',
      '/assets/ProductCarousel-J.js',
      '/assets/card-K.js',
    ]);
  });

  it('lists nothing for a route the build does not split, or without a manifest', () => {
    expect(routeScripts(manifest)(['__root__', '/search'])).toEqual([]);
    expect(routeScripts({})(['/products/$id'])).toEqual([]);
  });
});

describe('inlineStylesheetsOf and inlineStylesheets (decision 049)', () => {
  const files = [
    { href: '/assets/index-C.css', css: '.hdr0{display:flex}' },
    { href: '/assets/card-D.css', css: '.card0{background:url(data:image/png;base64,AA==)}.card1{mask:url(#m)}' },
    { href: '/assets/map-F.css', css: '.map0{background:url(images/layers.png)}' },
    {
      href: '/assets/icon-G.css',
      css: '.icon0{background:url( "/icons/a.svg" )}.icon1{background:url(https://x.test/b.png)}',
    },
    { href: '/assets/odd-H.css', css: '.odd0::after{content:"</style><script>"}' },
    { href: '/assets/crlf-I.css', css: '.crlf0{color:red}\r\n.crlf1{color:blue}' },
  ];
  const inline = inlineStylesheetsOf(files);

  it("keeps each stylesheet's text and its CSP hash, but not one with relative url()s, one that could end its element or one the parser would change", () => {
    expect([...inline.keys()]).toEqual(['/assets/index-C.css', '/assets/card-D.css', '/assets/icon-G.css']);
    const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
    expect(inline.get('/assets/index-C.css')).toEqual({
      css: '.hdr0{display:flex}',
      hash: sha256('.hdr0{display:flex}'),
    });
  });

  it('puts the text where each link stood, keeps the link disabled, and lists each hash once', () => {
    const page = assemblePage(TEMPLATE, { html: '<main class="card0 map0"></main>', title: null, data: '[]' }, [
      '/assets/card-D.css',
      '/assets/map-F.css',
    ]);
    const { html, hashes } = inlineStylesheets(page, inline);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<style>.card0{background:url(data:image/png;base64,AA==)}.card1{mask:url(#m)}</style><link rel="stylesheet" crossorigin href="/assets/card-D.css" disabled>' +
        '<link rel="stylesheet" crossorigin href="/assets/map-F.css"><script type="module"',
    );
    expect(head).toContain(
      '<style>.hdr0{display:flex}</style><link rel="stylesheet" crossorigin href="/assets/index-C.css" disabled>',
    );
    // The cascade's order is the links' order.
    expect(head.indexOf('.card0{')).toBeLessThan(head.indexOf('map-F.css'));
    expect(head.indexOf('map-F.css')).toBeLessThan(head.indexOf('.hdr0{'));
    expect(hashes).toEqual([inline.get('/assets/card-D.css')!.hash, inline.get('/assets/index-C.css')!.hash]);
    expect(inlineStylesheets(page + page, inline).hashes).toEqual(hashes);
  });

  it('changes nothing when it has no stylesheet text', () => {
    const page = assemblePage(TEMPLATE, { html: '<main></main>', title: null, data: '[]' }, []);
    expect(inlineStylesheets(page, new Map())).toEqual({ html: page, hashes: [] });
  });
});
