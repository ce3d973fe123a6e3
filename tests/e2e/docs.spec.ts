/**
 * The documentation site as the `npm start` server serves it at /docs/master/:
 * the English home and the Japanese API reference render in Chromium, paths
 * are redirected as the specification asks, an unknown path shows the
 * not-found page with status 404 and a language switch that stays in the
 * site; page changes show a progress bar and close the phone sidebar; the
 * outline follows the scroll; each page has its own meta tags; failed or hung
 * page files are reported; the analytics snippet and the canonical link exist
 * only when set at build; the architecture page's diagram reads in both languages.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { attachPng } from './support/pixels.ts';
import { ROOT } from '../../scripts/config.ts';

const BASE = '/docs/master/';

test('the documentation home renders in English and the API reference in Japanese', async ({ page }, testInfo) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(BASE);
  await expect(page.locator('h1').first()).toContainText('Tokyo Transit 3D');
  await expect(page.getByText('Developer guide').first()).toBeVisible();
  await attachPng(testInfo, 'docs-home.png', await page.screenshot());

  await page.goto(`${BASE}ja/developer-guide/api/map.html`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('heading', { level: 2, name: /オプション/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'getTrainPosition(id)' })).toBeVisible();
  // Japanese text is drawn with a CJK font, not as empty boxes: the heading is as wide as its characters need.
  const width = await page.getByRole('heading', { level: 2, name: /オプション/ }).evaluate((h) => {
    const range = document.createRange();
    range.selectNodeContents(h.firstChild!);
    return range.getBoundingClientRect().width;
  });
  expect(width).toBeGreaterThan(60);
  await attachPng(testInfo, 'docs-ja-map.png', await page.screenshot());
  const origin = new URL(page.url()).origin;
  expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:')), 'requests to other hosts').toEqual([]);
});

test('documentation paths redirect to their pages, and an unknown path is a 404 page', async ({ page, request }) => {
  await page.goto(`${BASE}developer-guide/api/map`);
  expect(new URL(page.url()).pathname).toBe(`${BASE}developer-guide/api/map.html`);
  await expect(page.locator('h1').first()).toHaveText(/Map/);

  // A trailing slash after a page's name (the server's redirect), and the same path followed inside the site.
  await page.goto(`${BASE}developer-guide/api/map.html/`);
  expect(new URL(page.url()).pathname).toBe(`${BASE}developer-guide/api/map.html`);
  await expect(page.locator('h1').first()).toHaveText(/Map/);
  await page.goto(`${BASE}user-guide/`);
  await expect(page.locator('h1').first()).toHaveText(/User guide/);
  await page.evaluate((href) => {
    const link = Object.assign(document.createElement('a'), { href, textContent: 'map' });
    document.querySelector('.vp-doc')!.append(link);
    link.click();
  }, `${BASE}developer-guide/api/map.html/`);
  await expect(page.locator('h1').first()).toHaveText(/Map/);
  expect(new URL(page.url()).pathname).toBe(`${BASE}developer-guide/api/map.html`);
  await page.goBack();
  await expect(page.locator('h1').first()).toHaveText(/User guide/);
  expect(new URL(page.url()).pathname).toBe(`${BASE}user-guide/`);

  await page.goto(`${BASE}ja/user-guide/index.html`);
  expect(new URL(page.url()).pathname).toBe(`${BASE}ja/user-guide/`);
  await expect(page.locator('h1').first()).toHaveText(/ユーザーガイド/);

  const missing = await request.get(`${BASE}developer-guide/api/nothing.html`, { maxRedirects: 0 });
  expect(missing.status()).toBe(404);
  await page.goto(`${BASE}developer-guide/api/nothing.html`);
  await expect(page.getByText(/page not found/i)).toBeVisible();
});

/** The route chunk of an English user-guide page (`user-guide_gtfs.md.<hash>.js`). */
const chunkOf = (page: string) => new RegExp(`/assets/user-guide_${page}\\.md\\.[\\w-]+\\.js$`);

test('a page change shows a progress bar with no spinner, which goes when the page is shown', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // Hold the next page's file (and its prefetch) until the bar has been seen.
  await page.route(chunkOf('gtfs'), async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${BASE}user-guide/`);
  await expect(page.locator('h1').first()).toHaveText(/User guide/);
  const bar = page.locator('.tt-progress');
  await expect(bar).toHaveAttribute('data-state', 'idle');

  await page.locator('.VPSidebar a[href$="/user-guide/gtfs.html"]').click();
  await expect(bar).toHaveAttribute('data-state', 'loading');
  const look = await bar.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { top: box.top, height: box.height, children: el.children.length };
  });
  expect(look.top).toBe(0);
  expect(look.height).toBe(3);
  await expect.poll(() => bar.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(0); // it grows
  await expect.poll(() => bar.evaluate((el) => getComputedStyle(el).opacity)).toBe('1'); // it fades in
  expect(look.children, 'a bar, nothing inside it').toBe(0);
  await expect(page.locator('[class*="spinner" i], [class*="loading-icon" i]'), 'no spinner').toHaveCount(0);
  await expect(page.locator('h1').first()).toHaveText(/User guide/); // still the old page while it loads

  release();
  await expect(page.locator('h1').first()).toHaveText(/GTFS data sources/);
  await expect(bar).toHaveAttribute('data-state', 'idle');
});

test('on a phone, the sidebar closes when a page is chosen in it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${BASE}ja/user-guide/`);
  await page.locator('.VPLocalNav button.menu').click();
  const sidebar = page.locator('.VPSidebar');
  await expect(sidebar).toHaveClass(/\bopen\b/);
  await sidebar.locator('a[href$="/ja/user-guide/display-modes.html"]').click();
  await expect(page.locator('h1').first()).toHaveText(/表示モード/);
  await expect(sidebar).not.toHaveClass(/\bopen\b/);
  await expect(page.locator('.tt-progress')).toHaveAttribute('data-state', 'idle');
});

test('the outline highlights the heading in view while scrolling, from 10 px below the top bar', async ({ page }) => {
  await page.goto(`${BASE}user-guide/display-modes.html`);
  const outline = page.locator('.VPDocAsideOutline');
  await expect(outline.getByRole('link', { name: 'Eco mode' })).toBeVisible();
  await expect(outline).toHaveAttribute('data-active-heading', '');
  /** Scrolls so that the heading's top is `below` px under the top bar. */
  const scrollTo = (id: string, below: number) =>
    page.evaluate(
      ([id, below]) => {
        const nav = document.querySelector<HTMLElement>('.VPDocAsideOutline')!;
        const top = document.getElementById(id)!.getBoundingClientRect().top + window.scrollY;
        window.scrollTo(0, top - Number(nav.dataset.topBar) - below);
      },
      [id, below] as const,
    );
  await scrollTo('playback', 0);
  await expect(outline).toHaveAttribute('data-active-heading', 'playback');
  await expect(outline.locator('a.active')).toHaveText('Playback');
  await scrollTo('eco-mode', 10); // 10 px below the bar: it counts
  await expect(outline).toHaveAttribute('data-active-heading', 'eco-mode');
  await expect(outline.locator('a.active')).toHaveText('Eco mode');
  await scrollTo('eco-mode', 14); // further down than 10 px: the section before is still the one in view
  await expect(outline).toHaveAttribute('data-active-heading', 'playback');
  await scrollTo('layers', -200);
  await expect(outline.locator('a.active')).toHaveText('Layers');
  await expect(outline.locator('a.active')).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(outline.locator('a.active')).toHaveCount(0);
});

test('the architecture page draws its data-flow diagram in both languages, every label inside its box', async ({ page }, testInfo) => {
  const pages = [
    { lang: 'en', prefix: '', title: 'Architecture', next: 'Benchmarks' },
    { lang: 'ja', prefix: 'ja/', title: 'アーキテクチャ', next: 'ベンチマーク' },
  ];
  for (const { lang, prefix, title, next } of pages) {
    await page.goto(`${BASE}${prefix}developer-guide/architecture.html`);
    await expect(page.locator('h1').first()).toHaveText(title);
    const diagram = page.locator('.tt-diagram svg');
    await expect(diagram).toBeVisible();
    // At a readable size in the page's column, in the theme's colours (an unstyled SVG fills its boxes black).
    expect((await diagram.boundingBox())!.width, lang).toBeGreaterThan(550);
    expect(await diagram.locator('rect.box').first().evaluate((r) => getComputedStyle(r).fill), lang).not.toBe('rgb(0, 0, 0)');
    // Every line of text lies inside its box, whatever width the language's font gives it.
    const outside = await diagram.evaluate((svg) =>
      [...svg.querySelectorAll('g.node')].flatMap((node) => {
        const box = node.querySelector('rect')!.getBBox();
        return [...node.querySelectorAll('text')]
          .filter((text) => {
            const b = text.getBBox();
            return b.x < box.x || b.y < box.y || b.x + b.width > box.x + box.width || b.y + b.height > box.y + box.height;
          })
          .map((text) => text.textContent);
      }),
    );
    expect(outside, lang).toEqual([]);
    expect(await diagram.locator('g.node').count(), lang).toBeGreaterThanOrEqual(12);
    await attachPng(testInfo, `architecture-${lang}.png`, await page.locator('.tt-diagram').screenshot());

    await page.locator(`.VPSidebar a[href$="/${prefix}developer-guide/benchmarks.html"]`).click();
    await expect(page.locator('h1').first()).toHaveText(next);
  }
});

/** The head's title, description, theme colours and canonical links. */
const meta = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    description: [...document.querySelectorAll('meta[name="description"]')].map((m) => m.getAttribute('content')),
    themeColor: [...document.querySelectorAll('meta[name="theme-color"]')].map((m) => m.getAttribute('content')),
    canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
    analytics: document.querySelectorAll('script#tt-analytics').length,
  }));

test('every page has its own title, description and theme colour, also after moving between pages', async ({ page }) => {
  await page.goto(`${BASE}user-guide/gtfs.html`);
  let head = await meta(page);
  expect(head.title).toBe('GTFS data sources | Tokyo Transit 3D');
  expect(head.description).toEqual([expect.stringMatching(/^The map can show the buses, trams, trains and ferries/)]);
  expect(head.themeColor).toEqual(['#2f6fdb']);
  expect(head.canonical, 'no public URL configured: no canonical link').toEqual([]);

  await page.locator('.VPSidebar a[href$="/user-guide/display-modes.html"]').click();
  await expect(page).toHaveTitle('Display modes | Tokyo Transit 3D');
  head = await meta(page);
  expect(head.description).toEqual([expect.stringMatching(/^The display-mode buttons sit in the column on the right/)]);
  expect(head.themeColor).toEqual(['#2f6fdb']);

  await page.goto(`${BASE}ja/developer-guide/migration.html`);
  head = await meta(page);
  expect(head.title).toBe('Mini Tokyo 3D からの移行 | Tokyo Transit 3D');
  expect(head.description).toEqual([expect.stringMatching(/^Tokyo Transit 3D は Mini Tokyo 3D の API の形を引き継いでいます。/)]);
  expect(head.themeColor).toEqual(['#2f6fdb']);
});

test('the not-found page: its layout, and a language switch and home link that stay in the site', async ({ page }) => {
  const response = await page.goto(`${BASE}user-guide/nothing.html`);
  expect(response?.status()).toBe(404);
  await expect(page.locator('.NotFound .code')).toHaveText('404');
  await expect(page.locator('.NotFound .title')).toHaveText(/page not found/i);
  await expect(page.locator('.VPNavBar')).toBeVisible();
  await expect(page.locator('.NotFound a.link')).toHaveAttribute('href', BASE);
  const english = page.locator('.VPNavBarTranslations a');
  await expect(english).toHaveAttribute('href', `${BASE}ja/user-guide/nothing.html`);

  await page.locator('.VPNavBarTranslations button').hover();
  await english.click();
  await expect(page).toHaveURL(new RegExp(`${BASE}ja/user-guide/nothing\\.html$`));
  await expect(page.locator('.NotFound .title')).toHaveText('ページが見つかりません');
  await expect(page.locator('.NotFound a.link')).toHaveAttribute('href', `${BASE}ja/`);
  await expect(page.locator('.VPNavBarTranslations a')).toHaveAttribute('href', `${BASE}user-guide/nothing.html`);

  // The page the defect report came from exists now, and its switch leads to its Japanese page.
  await page.goto(`${BASE}user-guide/overview.html`);
  await expect(page.locator('h1').first()).toHaveText(/Overview/);
  await page.locator('.VPNavBarTranslations button').hover();
  await page.locator('.VPNavBarTranslations a').click();
  await expect(page).toHaveURL(new RegExp(`${BASE}ja/user-guide/overview\\.html$`));
  await expect(page.locator('h1').first()).toHaveText(/この地図について/);
});

test('the navbar links to the map itself, which opens', async ({ page }) => {
  await page.goto(`${BASE}developer-guide/`);
  const link = page.locator('.VPNavBar .tt-open-map');
  await expect(link).toHaveText('Open the map');
  await link.click();
  await expect(page).toHaveURL(/:\d+\/(#.*)?$/);
  await expect(page.locator('#map')).toBeVisible();
});

test('a page file that fails or hangs shows an error naming the failure and the file; going to the page shown is avoided quietly', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  await page.addInitScript(() => {
    (window as unknown as { __ttChunkTimeoutMs: number }).__ttChunkTimeoutMs = 2000; // instead of 120 s
  });
  await page.route(chunkOf('gtfs'), (route) => route.abort());
  await page.route(chunkOf('configuration'), () => {}); // never answered
  await page.goto(`${BASE}user-guide/`);
  await expect(page.locator('h1').first()).toHaveText(/User guide/);

  // Record every state of the progress bar: a navigation that goes ahead shows `loading`.
  await page.evaluate(() => {
    const bar = document.querySelector('.tt-progress')!;
    const states: string[] = ((window as unknown as { __barStates: string[] }).__barStates = []);
    new MutationObserver(() => states.push(bar.getAttribute('data-state')!)).observe(bar, { attributes: true, attributeFilter: ['data-state'] });
  });
  await page.evaluate(() => {
    const same = document.createElement('a');
    same.href = `${location.pathname}index.html`;
    same.id = 'same-page';
    same.textContent = 'this page again';
    document.querySelector('.vp-doc')!.append(same);
  });
  await page.locator('#same-page').click();
  await expect.poll(() => logs.filter((l) => l.startsWith('debug: Avoided redundant navigation to current location'))).toHaveLength(1);
  // (The aborted prefetch of the next test's page may log a failed resource; nothing else is an error.)
  expect(logs.filter((l) => l.startsWith('error:') && !l.includes('Failed to load resource'))).toEqual([]);
  // What is tested is an absence: no page load starts in the half second after the click.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __barStates: string[] }).__barStates), 'no page load started').toEqual([]);
  await expect(page.locator('h1').first()).toHaveText(/User guide/);
  expect(new URL(page.url()).pathname).toBe(`${BASE}user-guide/`);

  const alert = page.getByRole('alert');
  await page.locator('.VPSidebar a[href$="/user-guide/gtfs.html"]').click();
  await expect(alert).toContainText('Failed to resolve async component');
  await expect(alert.locator('.tt-chunk-error-message')).toHaveText(
    new RegExp(`^Loading chunk failed\\. \\(error: http://127\\.0\\.0\\.1:\\d+${BASE}assets/user-guide_gtfs\\.md\\.[\\w-]+\\.js\\)$`),
  );
  await expect(page.locator('h1').first()).toHaveText(/User guide/);
  await expect(page.locator('.tt-progress')).not.toHaveAttribute('data-state', 'loading');

  const started = Date.now();
  await page.locator('.VPSidebar a[href$="/user-guide/configuration.html"]').click();
  await expect(alert.locator('.tt-chunk-error-message')).toHaveText(/^Loading chunk failed\. \(timeout: http:\/\/.+\/assets\/user-guide_configuration\.md\.[\w-]+\.js\)$/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);
});

test.describe('analytics and the canonical link, set at build', () => {
  let site: string;
  test.beforeAll(() => {
    site = mkdtempSync(join(tmpdir(), 'tt-docs-analytics-'));
    execFileSync('npx', ['vitepress', 'build', 'docs', '--outDir', site], {
      cwd: ROOT,
      stdio: 'pipe',
      env: { ...process.env, DOCS_ANALYTICS_URL: '/__page-views', DOCS_PUBLIC_URL: 'https://docs.example.org/docs/master' },
    });
  });
  test.afterAll(() => rmSync(site, { recursive: true, force: true }));

  test('no snippet and no request when unset; with it, a page view per page shown, and canonical links', async ({ page }) => {
    // The site as `npm start` serves it, built without the variables.
    const requests: string[] = [];
    page.on('request', (r) => requests.push(`${r.method()} ${r.url()}`));
    await page.goto(`${BASE}user-guide/gtfs.html`);
    expect(await meta(page)).toMatchObject({ analytics: 0, canonical: [] });
    expect(await page.evaluate(() => typeof (window as { ttPageView?: unknown }).ttPageView)).toBe('undefined');
    await page.locator('.VPSidebar a[href$="/user-guide/display-modes.html"]').click();
    await expect(page.locator('h1').first()).toHaveText(/Display modes/);
    const origin = new URL(page.url()).origin;
    expect(requests.filter((r) => !r.startsWith(`GET ${origin}${BASE}`)), 'only the site\'s own files').toEqual([]);

    // The same pages from the build with DOCS_ANALYTICS_URL and DOCS_PUBLIC_URL, served in place of the other.
    await page.route(`**${BASE}**`, (route) => {
      const path = decodeURIComponent(new URL(route.request().url()).pathname.slice(BASE.length));
      let file = join(site, path.endsWith('/') || path === '' ? `${path}index.html` : path);
      if (!extname(file) && existsSync(`${file}.html`)) file = `${file}.html`;
      if (!existsSync(file) || !statSync(file).isFile()) return route.fulfill({ status: 404, path: join(site, '404.html') });
      return route.fulfill({ path: file });
    });
    const views: { path: string; lang: string }[] = [];
    await page.route('**/__page-views', (route) => {
      views.push(JSON.parse(route.request().postData() ?? '{}'));
      return route.fulfill({ status: 204 });
    });
    await page.goto(`${BASE}user-guide/gtfs.html`);
    expect(await meta(page)).toMatchObject({ analytics: 1, canonical: ['https://docs.example.org/docs/master/user-guide/gtfs.html'] });
    await expect.poll(() => views).toEqual([{ path: `${BASE}user-guide/gtfs.html`, referrer: expect.any(String), lang: 'en' }]);

    await page.locator('.VPSidebar a[href$="/user-guide/display-modes.html"]').click();
    await expect(page.locator('h1').first()).toHaveText(/Display modes/);
    await expect.poll(() => views.map((v) => v.path)).toEqual([`${BASE}user-guide/gtfs.html`, `${BASE}user-guide/display-modes.html`]);
    expect((await meta(page)).canonical).toEqual(['https://docs.example.org/docs/master/user-guide/display-modes.html']);

    await page.goto(`${BASE}ja/`);
    expect((await meta(page)).canonical).toEqual(['https://docs.example.org/docs/master/ja/']);
    await expect.poll(() => views.at(-1)).toEqual({ path: `${BASE}ja/`, referrer: expect.any(String), lang: 'ja' });
  });
});
