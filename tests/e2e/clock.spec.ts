/**
 * The clock shows Japan time whatever the machine's time zone, and ticks.
 * The browser runs in New York time (13 or 14 hours behind Tokyo).
 */
import { expect, test } from '@playwright/test';
import { openMap } from './support/map-page.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

test.use({ timezoneId: 'America/New_York', locale: 'en-US' });

/** Seconds since midnight of an "HH:MM:SS" text. */
function secondsOfDay(text: string): number {
  const m = /^(\d\d):(\d\d):(\d\d)$/.exec(text);
  if (!m) throw new Error(`not a time: ${text}`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/** "HH:MM:SS" of a moment in a time zone. */
function timeIn(timeZone: string, at: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(at);
}

/** Difference of two times of day in seconds, across midnight: 0 to 43,200. */
function gap(a: number, b: number): number {
  const d = Math.abs(a - b) % 86_400;
  return Math.min(d, 86_400 - d);
}

test('the clock shows Japan time in a browser set to New York time, and ticks', async ({ page }) => {
  // Wait for the map to be drawn first: while the page starts, software WebGL can hold the main thread for seconds.
  await openMap(page, '?lang=en');
  const clock = page.getByTestId('clock-time');
  await expect(clock).toHaveText(/^\d\d:\d\d:\d\d JST$/);

  // The time zone emulation is in effect: the page's own local time is New York's.
  const pageZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(pageZone).toBe('America/New_York');

  const before = Date.now();
  const shown = ((await clock.textContent()) ?? '').replace(/\s*JST$/, '');
  const after = Date.now();
  const tokyo = [timeIn('Asia/Tokyo', before), timeIn('Asia/Tokyo', after)].map(secondsOfDay);
  const newYork = secondsOfDay(timeIn('America/New_York', before));
  const shownSeconds = secondsOfDay(shown);
  // Within 2 s of Tokyo time (the clock updates once a second)…
  expect(Math.min(...tokyo.map((t) => gap(t, shownSeconds))), `clock ${shown}, Tokyo ${timeIn('Asia/Tokyo', before)}`).toBeLessThanOrEqual(2);
  // …and not the browser's local time (New York is 13 or 14 hours behind, i.e. 10 or 11 hours apart on a 24-hour dial).
  expect(gap(newYork, shownSeconds)).toBeGreaterThanOrEqual(10 * 3600 - 2);

  // The date is Tokyo's date too (Tokyo is ahead: in the evening in New York it is already tomorrow).
  const tokyoDates = [before, after].map((t) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' }).format(t),
  );
  expect(tokyoDates).toContain(await page.locator('.tt-clock-date').textContent());

  // It ticks: the text changes within 2.5 s.
  await expect(clock).not.toHaveText(`${shown} JST`, { timeout: 2_500 });

  // It is announced as Japan time.
  await expect(page.getByRole('timer', { name: 'Japan time' })).toBeVisible();
});

test('the date reads in the interface language on one calendar: Nepali names and digits, the Gregorian year in Thai', async ({ page }) => {
  const at = encodeURIComponent('2026-11-25T08:00:00+09:00');
  await openMap(page, `?lang=ne&time=${at}`, '', { basemap: false });
  // Chromium has no Nepali date names; the clock must not fall back to English.
  await expect(page.getByTestId('clock-date')).toHaveText('२०२६ नोभेम्बर २५, बुध');
  await expect(page.getByTestId('clock-time')).toContainText(/^[०-९]{2}:[०-९]{2}:[०-९]{2}/);
  await page.evaluate(() => void window.map.setLanguage('th'));
  await expect(page.getByTestId('clock-date')).not.toHaveText('२०२६ नोभेम्बर २५, बुध');
  // The same year as the date editor (Gregorian), not the Buddhist era's 2569.
  await expect(page.getByTestId('clock-date')).toContainText('2026');
  await expect(page.getByTestId('clock-date')).not.toContainText('2569');
});
