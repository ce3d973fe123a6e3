/**
 * The app built from one GTFS feed (`npm start -- --gtfs`, playwright.city.config.ts): on the Halifax feed, a
 * weekday morning (Wednesday 10 Sep 2025, 08:15 in Halifax, playback from there) opens on the whole network with
 * the feed's buses and ferries running from their timetables, and a busy stop found by its name lists its next
 * departures.
 */
import { expect, test, type Page } from '@playwright/test';
import { getCamera } from './support/map-page.ts';

const MORNING = `time=${encodeURIComponent('2025-09-10T08:15:00-03:00')}`;

async function openWithVehicles(page: Page) {
  await page.goto(`/?lang=en&theme=light&${MORNING}`);
  await page.waitForFunction(() => ['tt:network-drawn', 'tt:trains-drawn'].every((m) => performance.getEntriesByName(m).length > 0), null, { timeout: 180_000 });
}

test('opens on the feed\'s network with its vehicles running from the timetables', async ({ page }) => {
  await openWithVehicles(page);
  const camera = await getCamera(page);
  expect(camera.lng).toBeGreaterThan(-64);
  expect(camera.lng).toBeLessThan(-63.2);
  expect(camera.lat).toBeGreaterThan(44.5);
  expect(camera.lat).toBeLessThan(44.9);
  // 212 trips are in service at 08:15 by the feed's stop_times.txt and calendar (tests/unit/city-gtfs.test.ts).
  await expect.poll(() => page.evaluate(() => window.map.getRenderStats().trains)).toBeGreaterThan(180);
  const stats = await page.evaluate(() => window.map.getRenderStats());
  expect(stats.trains).toBeLessThan(260);
  expect(stats.cars).toBeGreaterThan(0);
  // The clock shows Halifax time, and so does app info.
  await expect(page.getByTestId('clock-time')).toContainText('08:1');
  await page.getByTestId('app-info-button').click();
  await expect(page.getByTestId('static-updated')).toHaveText(/ A[DS]T$/);
});

test('a stop found by its name lists its next departures', async ({ page }) => {
  await openWithVehicles(page);
  await page.getByTestId('search-button').click();
  const input = page.getByRole('combobox', { name: 'Search stations' });
  await input.pressSequentially('Barrington St Before Sackville');
  await expect(page.getByTestId('search-option').first()).toContainText('Barrington St Before Sackville St');
  await input.press('Enter');
  const panel = page.getByTestId('station-panel');
  await expect(panel.getByTestId('departure').first()).toBeVisible({ timeout: 60_000 });
  const rows = await panel.getByTestId('departure').allInnerTexts();
  expect(rows.length).toBeGreaterThanOrEqual(3);
  expect(rows.join('\n')).toMatch(/08:[1-5]\d/);
});
