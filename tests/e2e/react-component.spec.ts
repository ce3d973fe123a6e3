/**
 * `<TransitMap>` as a React app uses it (`/examples/react.html`): props changed after mounting update the map, and
 * mounting and unmounting it five times leaves no worker running and no more WebGL contexts alive than after the
 * first mount, and objects in the heap at most 10 % above it (each removed map used to stay reachable through
 * luma.gl's pixel-ratio listener: the heap grew 2.6× over ten mounts, some 16 % a mount). V8's compiled code is left out of that figure:
 * it grows (about 0.3 MB a mount here) as the engine optimises more of what runs often, which is not the page keeping maps.
 */
import { expect, test, type Page } from '@playwright/test';
import { pageResources, trackWebglContexts } from './support/page-resources.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

type ExampleWindow = { map: { getLanguage(): string; getZoom(): number; hasDarkBackground(): boolean; getViewMode(): string } | null; loads?: number };

const loads = (page: Page) => page.evaluate(() => (window as unknown as ExampleWindow).loads ?? 0);

async function mountOnce(page: Page, before: number) {
  await page.getByRole('button', { name: 'Show the map' }).click();
  await expect.poll(() => loads(page), { timeout: 120_000 }).toBeGreaterThan(before);
  await page.getByRole('button', { name: 'Remove the map' }).click();
  await expect(page.locator('.tt-app')).toHaveCount(0);
}

test('<TransitMap> applies changed props, and five mounts leave no worker, WebGL context or heap behind', async ({ page }) => {
  test.setTimeout(600_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await trackWebglContexts(page);
  await page.goto('/examples/react.html');
  await expect(page.getByTestId('react-status')).toHaveText('Loaded · selection: none', { timeout: 180_000 });
  const map = () => page.evaluate(() => {
    const m = (window as unknown as ExampleWindow).map;
    return m && { lang: m.getLanguage(), zoom: m.getZoom(), dark: m.hasDarkBackground(), viewMode: m.getViewMode() };
  });

  // Props after mounting: language, zoom, theme; the Map through the ref drives the view mode.
  await page.getByRole('button', { name: '日本語' }).click();
  await expect.poll(() => map()).toMatchObject({ lang: 'ja' });
  await page.getByRole('button', { name: 'Zoom 15' }).click();
  await expect.poll(() => map()).toMatchObject({ zoom: 15 });
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect.poll(() => map()).toMatchObject({ dark: true });
  await page.getByRole('button', { name: 'Ground / underground' }).click();
  await expect.poll(() => map()).toMatchObject({ viewMode: 'underground' });

  // The first mount loads the code and data every later one shares: measure from its removal.
  await page.getByRole('button', { name: 'Remove the map' }).click();
  await expect(page.locator('.tt-app')).toHaveCount(0);
  const baseline = await pageResources(page);
  expect(baseline.workers, 'workers after the map is removed').toBe(0);
  for (let i = 0; i < 5; i++) await mountOnce(page, await loads(page));
  const after = await pageResources(page);
  test.info().annotations.push({ type: 'webgl', description: `${baseline.webglContexts} context(s) alive after the first mount: ${baseline.webglContextOrigins.join(' | ')}` });
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  test.info().annotations.push({ type: 'heap', description: `after the first mount: ${mb(baseline.retainedBytes)} of objects (heap ${mb(baseline.heapBytes)}); after five more: ${mb(after.retainedBytes)} (heap ${mb(after.heapBytes)})` });
  expect(after.workers, 'workers after five mounts').toBe(0);
  expect(after.webglContexts, `WebGL contexts after five mounts; created at:\n${after.webglContextOrigins.join('\n')}`).toBeLessThanOrEqual(baseline.webglContexts);
  expect(after.retainedBytes, 'bytes of objects after five more mounts').toBeLessThanOrEqual(baseline.retainedBytes * 1.1);
  expect(errors).toEqual([]);
});
