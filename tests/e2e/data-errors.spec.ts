/**
 * A map whose data cannot be loaded says so: an `error` event naming the URL
 * and the HTTP status, and an error panel in its container. The other map on
 * the page keeps working.
 */
import { expect, test } from '@playwright/test';
import { collectConsole } from './support/page-log.ts';
import { getCamera, NO_TRAINS, openMap, waitForCameraToSettle } from './support/map-page.ts';
import { attachPng } from './support/pixels.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

test('dataUrl "/nonexistent/": error event with the URL and HTTP 404, error panel, the rest of the page keeps working', async ({ page, baseURL }, testInfo) => {
  const log = collectConsole(page);
  await openMap(page, `?lang=en&${NO_TRAINS}`);
  const manifestUrl = new URL('/nonexistent/manifest.json', baseURL).href;

  const messages = await page.evaluate(async () => {
    const MapClass = window.map.constructor as new (options: Record<string, unknown>) => Window['map'];
    const div = document.createElement('div');
    div.id = 'broken-map';
    div.style.cssText = 'position:fixed;left:20px;bottom:20px;width:480px;height:300px;z-index:10';
    document.body.append(div);
    const map = new MapClass({ container: div, dataUrl: '/nonexistent/', lang: 'en' });
    (window as unknown as { brokenMap: unknown }).brokenMap = map;
    const messages: string[] = [];
    map.on('error', (e: { message: string }) => messages.push(e.message));
    const deadline = performance.now() + 30_000;
    while (messages.length === 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300)); // any further events
    return messages;
  });

  expect(messages).toEqual([`Could not load ${manifestUrl}: HTTP 404 Not Found.`]);
  expect(messages[0]).toContain('/nonexistent/manifest.json');
  expect(messages[0]).toContain('HTTP 404');

  const broken = page.locator('#broken-map');
  const panel = broken.locator('.tt-status-error');
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('role', 'alert');
  await expect(panel).toContainText('The rail network could not be loaded.');
  await expect(panel).toContainText(`Could not load ${manifestUrl}: HTTP 404 Not Found.`);
  // No loading indicator is left spinning in the broken map.
  await expect(broken.getByRole('status')).toHaveCount(0);
  await attachPng(testInfo, 'broken-map.png', await page.screenshot());
  // The page's own map shows no error.
  await expect(page.locator('#map .tt-status-error')).toHaveCount(0);

  // The rest of the page keeps working: its clock ticks and its buttons zoom its map.
  const clock = page.locator('#map').getByTestId('clock-time');
  const time = await clock.textContent();
  await expect(clock).not.toHaveText(time ?? '', { timeout: 2_500 });
  await page.locator('#map').getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await getCamera(page)).zoom, { timeout: 30_000 }).toBeCloseTo(15, 6);
  await waitForCameraToSettle(page);

  await page.evaluate(() => (window as unknown as { brokenMap: Window['map'] }).brokenMap.remove());
  await expect(broken.locator('.tt-app')).toHaveCount(0);

  // The only console error is the browser's own report of the failed request (it cannot be avoided:
  // Chromium logs every 4xx response); no exception escaped.
  expect(log.pageErrors).toEqual([]);
  expect(log.ofType('error')).toEqual([
    { type: 'error', text: 'Failed to load resource: the server responded with a status of 404 (Not Found)', url: manifestUrl },
  ]);
});
