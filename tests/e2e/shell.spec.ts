import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { builtChunk, expect, test } from './fixtures';

test('the home page shows products from the database', async ({ page, request }) => {
  const products = await (await request.get('/api')).json();
  expect(products.length).toBeGreaterThan(0);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'What are you looking for?' })).toBeVisible();
  const first = page.getByRole('article', { name: products[0].name }).first();
  await expect(first).toBeVisible();
  // The artwork is decorative (alt=""), so it has no role; check that it really loaded.
  await expect
    .poll(() => first.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: 'What are you looking for?' }).getByRole('article')).toHaveCount(
    products.length,
  );
});

test('the pictures are drawn from WebP at the size shown, never from SVG (decision 048)', async ({ page, request }) => {
  const [product] = await (await request.get('/api')).json();
  const drawn = () =>
    page.evaluate(() =>
      [...document.images].filter((img) => img.complete && img.naturalWidth > 0).map((img) => img.currentSrc),
    );
  for (const [address, count] of [
    ['/', 10],
    ['/dairy-breakfast', 5],
    [`/products/${product.id}`, 1],
  ] as const) {
    await page.goto(address);
    await expect.poll(async () => (await drawn()).length, address).toBeGreaterThanOrEqual(count);
    for (const src of await drawn())
      expect(src, address).toMatch(/\/images\/(products|categories)\/[a-z0-9-]+-(128|320|640)\.webp$/);
  }
  // The product page's picture fills its 480 px box: the 640 px variant, not a thumbnail.
  expect(
    await page.getByRole('img', { name: product.name }).evaluate((img: HTMLImageElement) => img.currentSrc),
  ).toMatch(/-640\.webp$/);
});

test('a product opens from the home page', async ({ page, request }) => {
  const [product] = await (await request.get('/api')).json();
  await page.goto('/');
  await page.getByRole('link', { name: product.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
});

test("an unknown product says 'Product not found'", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 404/);
  await page.goto('/products/999999');
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
});

test('an unknown page shows the not-found screen inside the shell', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue shopping' }).click();
  await expect(page.getByRole('heading', { name: 'What are you looking for?' })).toBeVisible();
});

test('the shell registers a service worker that controls the page', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
});

test.describe('before any script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('the page already shows the real header, styled', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'QuickCart home' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('combobox', { name: 'Search products' })).toBeVisible();
    // The stylesheets apply: the header is a bar across the top, not unstyled flow text.
    const box = await header.boundingBox();
    expect(box?.y).toBe(0);
    expect(await header.evaluate((el) => getComputedStyle(el).position)).not.toBe('static');
  });
});

test.describe('a first visit gets the page rendered by the server', () => {
  test.describe('before any script has run', () => {
    test.use({ javaScriptEnabled: false });

    test('a product page shows the product, its price and photo, styled, with its title', async ({ page, request }) => {
      const product = await (await request.get('/api/product/public/1')).json();
      await page.goto('/products/1');
      await expect(page).toHaveTitle(`${product.name} | QuickCart`);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await expect(page.getByText(`₹${Number(product.price).toFixed(2)}`).first()).toBeVisible();
      const photo = page.getByRole('img', { name: product.name }).first();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      // The route's own stylesheet applies: the photo is laid out large, not at its natural flow size.
      expect((await photo.boundingBox())?.width).toBeGreaterThan(200);
      // Nothing that needs the app pretends to work before it has started, the footer's form
      // included: the browser would send it itself, and reload the page.
      await expect(page.getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
      await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Subscribe' })).toHaveAttribute(
        'disabled',
      );
      await expect(page.getByRole('contentinfo').getByRole('textbox', { name: 'Email address' })).toHaveAttribute(
        'disabled',
      );
      await expect(page.getByRole('button', { name: 'Check' })).toBeDisabled();
    });

    test('the header search already searches: the browser sends it to the results page', async ({ page }) => {
      await page.goto('/products/1');
      const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
      // The server's page is marked aria-disabled until the app has started; a shopper can type anyway.
      await box.fill('milk', { force: true });
      await box.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=milk$/);
    });

    test('a category page shows its products', async ({ page }) => {
      await page.goto('/dairy-breakfast');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Dairy');
      expect(await page.getByRole('main').getByRole('article').count()).toBeGreaterThan(3);
    });

    for (const [width, perView] of [
      [360, 2.5],
      [800, 3],
      [1440, 6.5],
    ] as const) {
      test(`the home page's product strip at ${width} px is laid out as the carousel will be`, async ({
        page,
        browser,
        baseURL,
      }) => {
        const strip = async (p: typeof page) => {
          await p.setViewportSize({ width, height: 900 });
          await p.goto('/');
          const region = p.locator('[aria-roledescription="carousel"]');
          await region.locator('.keen-slider__slide').first().waitFor();
          return region.evaluate((el) => ({
            height: Math.round(el.getBoundingClientRect().height),
            slide: el.querySelector('.keen-slider__slide')!.getBoundingClientRect().width,
            track: el.querySelector('.keen-slider')!.getBoundingClientRect().width,
          }));
        };
        const before = await strip(page);
        // keen-slider's widths: the track less the 12 px gaps, shared by the cards in view.
        expect(before.slide).toBeCloseTo((before.track - 12 * (perView - 1)) / perView, 0);
        const withScripts = await browser.newContext({ baseURL });
        try {
          const after = await strip(await withScripts.newPage());
          expect(after.slide).toBeCloseTo(before.slide, 0);
          expect(after.height).toBe(before.height);
        } finally {
          await withScripts.close();
        }
      });
    }

    test('a page for signed-in customers is not rendered: it gets the shell', async ({ page }) => {
      await page.goto('/account/orders');
      await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
      await expect(page.locator('main#main')).toBeEmpty();
    });
  });

  for (const path of ['/', '/dairy-breakfast', '/search?q=milk', '/collection']) {
    test(`${path} hydrates as the server rendered it, with no difference to redraw`, async ({ page }) => {
      const differences: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('differed from the server render')) differences.push(message.text());
      });
      await page.goto(path);
      await expect(page.locator('[data-prerendered]:not([aria-disabled])')).toHaveCount(1);
      await expect(page.locator('main#main')).not.toBeEmpty();
      // The lazily loaded parts (the footer, the carousels) hydrate after the first commit.
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await page.waitForTimeout(300);
      expect(differences).toEqual([]);
    });
  }

  for (const width of [360, 1280]) {
    test(`at ${width} px the product strip keeps its height and its cards their places in every frame while the slider takes it over`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 720 });
      await page.addInitScript(() => {
        // Each frame's strip: its height, and where the first cards are and how wide.
        const frames = new Set<string>();
        Object.assign(window, { stripFrames: frames });
        const sample = () => {
          const strip = document.querySelector('[aria-roledescription="carousel"] .keen-slider');
          if (strip) {
            const cards = [...strip.children].slice(0, 3).map((card) => {
              const box = card.getBoundingClientRect();
              return `${Math.round(box.left)}+${Math.round(box.width)}`;
            });
            frames.add(`${Math.round(strip.getBoundingClientRect().height)} ${cards.join(' ')}`);
          }
          requestAnimationFrame(sample);
        };
        // Once the page is parsed (while it streams in, the strip has fewer cards).
        document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(sample));
      });
      await page.goto('/');
      // keen-slider has placed every card (it gives each an inline style), and frames were drawn since.
      await expect(page.locator('.keen-slider__slide')).not.toHaveCount(0);
      await expect(page.locator('.keen-slider__slide:not([style])')).toHaveCount(0);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(
        await page.evaluate(() => [...(window as unknown as { stripFrames: Set<string> }).stripFrames]),
      ).toHaveLength(1);
    });
  }

  test('a shopper who scrolls while the app starts stays where they scrolled to, a new page still opens at the top, and Back returns there', async ({
    page,
  }) => {
    await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => window.scrollTo(0, 400)));
    await page.goto('/');
    await expect(page.locator('[data-prerendered]:not([aria-disabled])')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(400);

    // Followed without scrolling first (a click from Playwright would bring the link into view):
    // the position the shopper had before the app started is the one Back returns to.
    await page.getByRole('link', { name: 'See more products' }).evaluate((link: HTMLElement) => link.click());
    await expect(page).toHaveURL(/\/collection$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
  });

  for (const visit of ['first', 'returning'] as const) {
    test(`Back while the app starts shows the page gone back to (${visit} visit)`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
      try {
        const page = await context.newPage();
        await page.goto('/search?q=milk');
        await expect(page.locator('[data-prerendered]:not([aria-disabled])')).toHaveCount(1);
        await page.getByRole('button', { name: /Sort by: Relevance/ }).click();
        await page
          .getByRole('menu', { name: 'Sort by' })
          .getByRole('menuitemradio', { name: 'Price (Low to High)' })
          .click();
        await expect(page).toHaveURL(/\/search\?q=milk&sort=price-asc$/);

        // The route's own script is held, so that the router exists but the app has not taken the
        // page over: hydrating the server's page (a first visit: nothing stored), or rendering its own.
        if (visit === 'first') await page.evaluate(() => localStorage.clear());
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(builtChunk('search'), async (route) => {
          await held;
          await route.continue();
        });
        await page.reload({ waitUntil: 'domcontentloaded' });
        // The router has started: its history has taken over pushState.
        await page.waitForFunction(() => !String(history.pushState).includes('[native code]'));
        if (visit === 'first') await expect(page.locator('[data-prerendered][aria-disabled]')).toHaveCount(1);
        await page.goBack({ waitUntil: 'commit' });
        await expect(page).toHaveURL(/\/search\?q=milk$/);
        release();
        await expect(page.getByRole('button', { name: /Sort by: Relevance/ })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1, name: 'Results for "milk"' })).toBeVisible();
      } finally {
        await context.close();
      }
    });
  }

  test('the page carries its stylesheets: the first paint waits for none, the CSP lets them in, the app asks for none of them again', async ({
    browser,
    baseURL,
  }) => {
    for (const path of ['/', '/dairy-breakfast', '/products/1']) {
      // A first visit each time: nothing stored, no service worker to answer with the shell.
      const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
      try {
        const page = await context.newPage();
        const asked: string[] = [];
        page.on('request', (request) => {
          if (request.url().endsWith('.css')) asked.push(new URL(request.url()).pathname);
        });
        await page.addInitScript(() => {
          (window as unknown as { refused: string[] }).refused = [];
          document.addEventListener('securitypolicyviolation', (event) =>
            (window as unknown as { refused: string[] }).refused.push(`${event.violatedDirective} ${event.sample}`),
          );
        });
        await page.goto(path);
        // Hydrated: the route's chunks (whose loader asks for a stylesheet no link names) are in.
        await expect(page.locator('[data-prerendered]:not([aria-disabled])')).toHaveCount(1);
        const carried = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet][disabled]')].map(
            (link) => new URL(link.href).pathname,
          ),
        );
        // The shell's two stylesheets and at least the route's own.
        expect(carried.length, path).toBeGreaterThanOrEqual(3);
        expect(await page.locator('head > style').count(), path).toBe(carried.length);
        expect(
          asked.filter((href) => carried.includes(href)),
          path,
        ).toEqual([]);
        expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused), path).toEqual([]);
        // And they apply: the header is a bar across the top.
        expect(await page.getByRole('banner').evaluate((el) => getComputedStyle(el).position), path).not.toBe('static');
      } finally {
        await context.close();
      }
    }
  });

  test("the page lists its route's scripts: each is asked for once, and the app links none again (decision 060)", async ({
    browser,
    baseURL,
  }) => {
    for (const [path, route] of [
      // The home page's loader waits for the product strip's chunk (its staticData.pageScripts).
      ['/', builtChunk('ProductCarousel')],
      ['/dairy-breakfast', builtChunk('_category')],
      ['/products/1', builtChunk('products._id')],
    ] as const) {
      const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
      try {
        const page = await context.newPage();
        const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
        const head = html.slice(0, html.indexOf('</head>'));
        const listed = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
        expect(
          listed.some((href) => route.test(href)),
          `${path}: ${listed.join(', ')}`,
        ).toBe(true);
        const asked: string[] = [];
        page.on('request', (request) => {
          if (request.url().endsWith('.js')) asked.push(new URL(request.url()).pathname);
        });
        await page.goto(path);
        await expect(page.locator('[data-prerendered]:not([aria-disabled])')).toHaveCount(1);
        for (const href of listed)
          expect(
            asked.filter((one) => one === href),
            `${path} ${href}`,
          ).toHaveLength(1);
        const links = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map(
            (l) => new URL(l.href).pathname,
          ),
        );
        for (const href of listed)
          expect(
            links.filter((one) => one === href),
            `${path} ${href}`,
          ).toHaveLength(1);
      } finally {
        await context.close();
      }
    }
  });

  test("the libraries' script opens with V8's compile hint, so that it compiles as it arrives (decision 062)", async ({
    request,
  }) => {
    const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
    const vendor = html.match(/<link rel="modulepreload" crossorigin href="(\/assets\/vendor-[\w-]+\.js)">/)?.[1];
    expect(vendor, 'the home page lists the libraries’ chunk').toBeDefined();
    const script = await (await request.get(vendor!)).text();
    // Only where nothing comes before it: V8 reads the magic comment at the very start.
    expect(script.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
  });

  test("the server renders with React's production build, whatever NODE_ENV the server has (npm start sets none)", () => {
    // The renderer is built for production (build/vite-plugins/prerender-shell.ts): nothing in it
    // reads NODE_ENV when it runs, so React's development build (its checks on every page, its
    // source in the renderer's memory) is not even in it.
    const dir = path.resolve('dist-server');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    expect(files).toContain('ssr.js');
    for (const file of files) {
      const code = readFileSync(path.join(dir, file), 'utf8');
      expect(code, file).not.toContain('process.env.NODE_ENV');
      expect(code, file).not.toMatch(/react-dom[\w.-]*\.development\.js/);
    }
  });

  test('the app hydrates the rendered page: it keeps its elements, asks nothing again, moves nothing, and it works', async ({
    page,
    request,
  }) => {
    const product = await (await request.get('/api/product/public/1')).json();
    await page.addInitScript(() => {
      // The server's elements, as they are before any script has run.
      document.addEventListener('DOMContentLoaded', () =>
        Object.assign(window, { served: [document.querySelector('h1'), document.querySelector('header')] }),
      );
      const shifts: string[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as LayoutShift[]) {
          if (entry.hadRecentInput) continue;
          const moved = entry.sources.map((source) => source.node?.nodeName ?? '?').join(',');
          shifts.push(
            `${entry.value} ${moved} ${entry.sources.map((s) => JSON.stringify([s.previousRect, s.currentRect])).join(' ')}`,
          );
        }
      }).observe({ type: 'layout-shift', buffered: true });
      interface LayoutShift extends PerformanceEntry {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(new URL(request.url()).pathname);
    });
    const differences: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('differed from the server render')) differences.push(message.text());
    });
    await page.goto('/products/1');
    await expect(page.locator('[data-prerendered]:not([aria-disabled])')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    expect(
      await page.evaluate(() => {
        const [h1, header] = (window as unknown as { served: Element[] }).served;
        return h1 === document.querySelector('h1') && header === document.querySelector('header');
      }),
      'the elements the server sent are the ones on screen',
    ).toBe(true);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
    expect(differences).toEqual([]);
    // The product and the categories came with the page; only the related products are asked for.
    expect(asked.filter((path) => path === '/api/product/public/1' || path === '/api/category/public')).toEqual([]);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(page.getByRole('dialog', { name: 'My Cart' })).toContainText(product.name);
  });
});
