/**
 * The library build as another page uses it: `/examples/basic.html` only imports `/lib/index.js` and calls
 * `new Map({container: 'map'})`; it gets the whole map with the data served beside the library, and the
 * library's styles. `/examples/modes.html` drives the modes from its own buttons.
 */
import { expect, test } from '@playwright/test';
import { attachPng, screenshotImage } from './support/pixels.ts';

test('a plain page that imports /lib/index.js gets the full map, styled, on the served data', async ({ page }, testInfo) => {
  const failed: string[] = [];
  page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
  await page.goto('/examples/basic.html');
  await expect(page.locator('#status')).toContainText('Network drawn', { timeout: 180_000 });
  await page.waitForFunction(() => performance.getEntriesByName('tt:basemap-idle').length > 0, null, { timeout: 120_000 });
  // The library linked its own styles: the controls sit at the top right of the map, the clock at its top left.
  expect(await page.locator('link[rel="stylesheet"][href$="/lib/style.css"]').count()).toBe(1);
  const map = (await page.locator('#map').boundingBox())!;
  const controls = (await page.locator('.tt-controls').boundingBox())!;
  expect(controls.x + controls.width).toBeGreaterThan(map.x + map.width - 20);
  expect(controls.y).toBeLessThan(map.y + 20);
  await expect(page.getByTestId('clock')).toBeVisible();
  const image = await screenshotImage(page, { testInfo, name: 'library-basic.png' });
  const colours = new Set<number>();
  for (let i = 0; i < image.data.length; i += 4 * 7) colours.add((image.data[i] << 16) | (image.data[i + 1] << 8) | image.data[i + 2]);
  expect(colours.size, 'distinct colours: a drawn map, not a blank page').toBeGreaterThan(2000);
  expect(failed).toEqual([]);
});

test('the modes example drives the map from its own buttons', async ({ page }, testInfo) => {
  await page.goto('/examples/modes.html');
  await page.waitForFunction(() => performance.getEntriesByName('tt:network-drawn').length > 0, null, { timeout: 180_000 });
  await expect(page.getByTestId('playback-controls')).toBeVisible();
  await expect(page.getByTestId('eco-button')).toHaveCount(0); // modeControl: false
  await page.locator('#eco').click();
  await expect(page.locator('#events')).toHaveText('ecomode: eco');
  await page.locator('#underground').click();
  await expect(page.locator('#events')).toHaveText('viewmode: underground');
  await attachPng(testInfo, 'library-modes.png', await page.screenshot());
});
