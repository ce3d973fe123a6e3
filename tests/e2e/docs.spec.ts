/**
 * The documentation site as the `npm start` server serves it at /docs/master/:
 * the English home and the Japanese API reference render in Chromium, paths
 * are redirected as the specification asks, and an unknown path shows the
 * not-found page with status 404.
 */
import { expect, test } from '@playwright/test';
import { attachPng } from './support/pixels.ts';

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

  await page.goto(`${BASE}ja/user-guide/index.html`);
  expect(new URL(page.url()).pathname).toBe(`${BASE}ja/user-guide/`);
  await expect(page.locator('h1').first()).toHaveText(/ユーザーガイド/);

  const missing = await request.get(`${BASE}developer-guide/api/nothing.html`, { maxRedirects: 0 });
  expect(missing.status()).toBe(404);
  await page.goto(`${BASE}developer-guide/api/nothing.html`);
  await expect(page.getByText(/page not found/i)).toBeVisible();
});
