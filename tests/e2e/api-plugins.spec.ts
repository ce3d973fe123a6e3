/**
 * Plugins, from the examples page's landmarks plugin: its switch in the layers panel, its callbacks in order as
 * the person switches it and the modes change, what it draws, and the error events of unknown and duplicate ids.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForNetwork } from './support/map-page.ts';
import { waitForStillView } from './support/waits.ts';
import { attachPng, screenshotImage, type RgbaImage } from './support/pixels.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

const log = (page: Page) => page.evaluate(() => (window as unknown as { pluginLog: string[] }).pluginLog.splice(0));
/** The map, once what changed is drawn. */
async function shot(page: Page): Promise<RgbaImage> {
  await waitForStillView(page);
  return screenshotImage(page);
}
/** Pixels of the map (left of the controls, under the clock) whose colour differs by more than 30 between two shots. */
function changes(a: RgbaImage, b: RgbaImage): number {
  let count = 0;
  for (let y = 160; y < a.height - 40; y++) {
    for (let x = 0; x < a.width - 300; x++) {
      const i = (y * a.width + x) * 4;
      if (Math.hypot(a.data[i] - b.data[i], a.data[i + 1] - b.data[i + 1], a.data[i + 2] - b.data[i + 2]) > 30) count++;
    }
  }
  return count;
}

test('a plugin: its switch in the layers panel, callbacks in order as it is switched and the modes change, what it draws', async ({ page }, testInfo) => {
  await page.goto('/examples/plugin.html');
  await waitForNetwork(page);
  await expect.poll(() => page.evaluate(() => (window as unknown as { pluginLog: string[] }).pluginLog.length)).toBe(3);
  // Mini Tokyo 3D's order: the visibility follows onEnabled at once.
  expect(await log(page)).toEqual(['onAdd', 'onEnabled', 'onVisibilityChanged true']);
  // The landmarks' layer loads with its code (the chunk of src/layers/custom-deck-layers.ts): wait for it.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => /\/custom-deck-layers-[^/]*\.js$/.test(r.name)), null, { timeout: 60_000 });
  const toggle = page.getByTestId('plugin-landmarks');
  let on = await shot(page);
  await page.getByTestId('layers-button').click();
  await expect(toggle).toHaveText('Landmarks');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await attachPng(testInfo, 'plugin-switch.png', await page.screenshot());
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  expect(await log(page)).toEqual(['onVisibilityChanged false', 'onDisabled']);
  const off = await shot(page);
  expect(changes(on, off), 'the landmarks go').toBeGreaterThan(300);
  await toggle.click();
  expect(await log(page)).toEqual(['onEnabled', 'onVisibilityChanged true']);
  on = await shot(page);
  expect(changes(on, off), 'the landmarks come back').toBeGreaterThan(300);
  await page.keyboard.press('Escape');

  // Underground is not in its view modes: hidden, and switching it off there changes nothing on the map.
  await page.evaluate(() => void window.map.setViewMode('underground'));
  expect(await log(page)).toEqual(['onVisibilityChanged false']);
  const under = await shot(page);
  await page.getByTestId('layers-button').click();
  await expect(toggle).toHaveAttribute('title', 'Not shown in this mode'); // still a switch: it stays on or off for later
  await toggle.click();
  await page.keyboard.press('Escape');
  expect(changes(under, await shot(page)), 'nothing of it drawn underground').toBeLessThan(30);
  await page.getByTestId('layers-button').click();
  await toggle.click();
  await page.keyboard.press('Escape');
  expect(await log(page)).toEqual(['onVisibilityChanged false', 'onDisabled', 'onEnabled', 'onVisibilityChanged false']);
  await page.evaluate(() => void window.map.setViewMode('ground'));
  expect(await log(page)).toEqual(['onVisibilityChanged true']);
  // A clock mode it lists: it is told again that it is visible (as Mini Tokyo 3D does on every mode change).
  await page.evaluate(() => void window.map.setClockMode('realtime'));
  expect(await log(page)).toEqual(['onVisibilityChanged true']);

  const errors = await page.evaluate(() => {
    const list: string[] = [];
    window.map.on('error', (e) => list.push(e.message));
    window.map.addPlugin({ id: 'landmarks' });
    window.map.removePlugin('nope');
    let thrown = '';
    try {
      window.map.addPlugin({ id: 'x', viewModes: ['sky'] } as never);
    } catch (e) {
      thrown = (e as Error).message;
    }
    window.map.removePlugin('landmarks');
    return { list, thrown };
  });
  expect(errors.list).toEqual(['A plugin "landmarks" already exists; plugin ids must be unique. The plugin was not added.', 'No plugin "nope" to remove: the plugins are landmarks.']);
  expect(errors.thrown).toBe('Invalid option "plugin.viewModes": ["sky"] is not a list of ground, underground.');
  expect(await log(page)).toEqual(['onVisibilityChanged false', 'onDisabled', 'onRemove']);
  await page.getByTestId('layers-button').click();
  await expect(toggle).toHaveCount(0);
});
