/**
 * Route search as a person does it, at 08:00 on a weekday (playback, timetables only): Shinjuku's station panel →
 * "From here" / "To here" → type Tokyo → departure 08:00 → Search; the results panel shows the engine's journey
 * (legs in their line colours, times, stations, train numbers), next/previous, back, Escape; trains hidden and the
 * journey drawn over the dimmed network (pixels in the line colour); a phone-size run with a swipe.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { buildRoutingIndex, searchJourneys, type Journey } from '../../src/data/routing/index.ts';
import { stationGroupOf } from '../../src/data/station-groups.ts';
import { loadRealData } from '../unit/fixtures/real-data.ts';
import { resetMap, sharePage, waitForCameraToSettle, waitForNetwork } from './support/map-page.ts';
import { waitForStillView } from './support/waits.ts';
import { countColor, hex, screenshotImage } from './support/pixels.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

const MORNING = `time=${encodeURIComponent('2026-11-24T08:00:00+09:00')}`;
const SHINJUKU = 'JR-East.Yamanote.Shinjuku';
const TOKYO = 'JR-East.Yamanote.Tokyo';

/** The journey the panel should show first (the earliest arrival), straight from the engine. */
function expectedJourneys(from: string, to: string): { journeys: Journey[]; first: Journey; colors: (j: Journey) => string[] } {
  const { network, timetables } = loadRealData();
  const group = (id: string) => stationGroupOf(network.meta, network.stationIndex.get(id)!)!.stations;
  const result = searchJourneys(buildRoutingIndex(network, timetables.weekday), { from: group(from), to: group(to), departure: 8 * 3600 });
  const first = result.journeys.find((j) => j.kinds.includes('earliest-arrival'))!;
  return { journeys: result.journeys, first, colors: (j) => j.legs.map((l) => network.meta.railways[l.railway].color.toLowerCase()) };
}

/** Screenshots are also kept here: the shared output folder is emptied by every Playwright run. */
const SHOTS = 'test-results/route-search';
async function shot(page: Page, testInfo: TestInfo, name: string) {
  const png = await page.screenshot();
  await testInfo.attach(name, { body: png, contentType: 'image/png' });
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(`${SHOTS}/${testInfo.project.name || 'chromium'}-${name}.png`, png);
}

const hhmm = (seconds: number) => {
  const m = Math.floor(seconds / 60) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

async function openShinjuku(page: Page) {
  await page.goto(`/?lang=en&theme=light&${MORNING}&selection=odpt.Station:${SHINJUKU}`);
  await waitForNetwork(page, { basemap: false }); // pixels are read after a still view (waits.ts)
  await expect(page.getByTestId('station-panel')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { modes: string[] }).modes = [];
    window.map.on('searchmode', (e: { mode: string }) => (window as unknown as { modes: string[] }).modes.push(e.mode));
  });
}

/** Closes any search, selects `station` again (the camera flies to it) and forgets the searchmode events heard. */
async function reselect(page: Page, station: string) {
  if (await page.getByTestId('route-close').isVisible()) await page.getByTestId('route-close').click();
  if (await page.getByTestId('route-criteria').isVisible()) await page.keyboard.press('Escape');
  await expect.poll(() => page.evaluate(() => window.map.getSearchMode())).toBe('none');
  await resetMap(page);
  await page.evaluate((id) => void window.map.setSelection(id), station);
  await expect(page.getByTestId('station-panel')).toBeVisible();
  await waitForCameraToSettle(page);
  await page.evaluate(() => void ((window as unknown as { modes: string[] }).modes = []));
}

/** Fills in the other end with Tokyo (typed), the departure 08:00, and searches. */
async function searchToTokyo(page: Page, end: 'from' | 'to', tap = false) {
  const input = page.getByTestId(`route-${end}-input`);
  await input.fill('Tokyo');
  const option = page.getByTestId('route-option').first();
  await expect(option).toContainText('Tokyo');
  await (tap ? option.tap() : option.click());
  await expect(page.getByTestId(`route-${end}-name`)).toContainText('Tokyo');
  await page.getByTestId('route-at-time').click();
  await page.getByTestId('route-time').fill('08:00');
  await page.getByTestId('route-search').click();
  await expect(page.getByTestId('route-results')).toBeVisible({ timeout: 60_000 });
}

/** Pixels of a colour (within a tolerance) in the map above the bottom panel. */
async function colorPixels(page: Page, color: string, name: string, testInfo: TestInfo) {
  await shot(page, testInfo, name);
  const image = await screenshotImage(page);
  const panel = await page.locator('.tt-route').boundingBox();
  const bottom = Math.floor(panel?.y ?? image.height);
  return countColor(image, { x: 0, y: 60, width: image.width, height: Math.max(0, bottom - 70) }, hex(color), 24);
}

/** Looks at the whole journey from above (between Shinjuku and Tokyo), keeping the panels. */
async function frameJourney(page: Page) {
  await page.evaluate(() => void window.map.jumpTo({ center: [139.735, 35.685], zoom: 12.3, pitch: 0, bearing: 0 }));
  await waitForStillView(page);
}

/**
 * Shinjuku selected on one page that these share (opening the map takes seconds under software WebGL). Each starts
 * from there: any search closed, Shinjuku selected again and flown to, no searchmode event heard.
 */
test.describe.serial('from Shinjuku, on one page', () => {
  const shared = sharePage(openShinjuku, { reset: (page) => reselect(page, SHINJUKU) });

  test('From here: Shinjuku → Tokyo at 08:00 shows the engine’s journey, drawn on the map with trains hidden; next, previous, back, Escape', async ({}, testInfo) => {
    const { page } = shared;
    const { first, colors } = expectedJourneys(SHINJUKU, TOKYO);
    await page.getByTestId('route-from-here').click();
    await expect(page.getByTestId('route-criteria')).toBeVisible();
    await expect(page.getByTestId('station-panel')).toBeHidden();
    await expect(page.getByTestId('route-from-name')).toContainText('Shinjuku');
    expect(await page.evaluate(() => window.map.getSearchMode())).toBe('edit');

    // Criteria open: the trains are hidden and the network dimmed, so hardly any pixel has the full line colour.
    await frameJourney(page);
    const lineColor = colors(first)[0];
    const dimmed = await colorPixels(page, lineColor, 'criteria-dimmed', testInfo);

    await searchToTokyo(page, 'to');
    expect(await page.evaluate(() => window.map.getSearchMode())).toBe('route');
    const legs = page.getByTestId('journey-leg');
    await expect(legs).toHaveCount(first.legs.length);
    await expect(page.getByTestId('journey-departure')).toHaveText(hhmm(first.departure));
    await expect(page.getByTestId('journey-arrival')).toHaveText(hhmm(first.arrival));
    for (const [i, leg] of first.legs.entries()) {
      await expect(legs.nth(i).getByTestId('leg-departure')).toHaveText(hhmm(leg.departure));
      await expect(legs.nth(i).getByTestId('leg-arrival')).toHaveText(hhmm(leg.arrival));
      await expect(legs.nth(i).getByTestId('leg-color')).toHaveAttribute('data-color', new RegExp(colors(first)[i], 'i'));
      await expect(legs.nth(i).getByTestId('leg-train')).toContainText(leg.number);
    }
    await expect(legs.first()).toContainText('Shinjuku');
    await expect(legs.last()).toContainText('Tokyo');
    await expect(page.getByTestId('journey-transfers')).toHaveText(first.transferCount === 0 ? 'No transfers' : new RegExp(`${first.transferCount} transfer`));

    // The journey is drawn in its line colour over the dimmed network.
    await waitForStillView(page);
    const drawn = await colorPixels(page, lineColor, 'journey-drawn', testInfo);
    expect(drawn, `pixels of ${lineColor}: criteria ${dimmed}, journey ${drawn}`).toBeGreaterThan(Math.max(150, dimmed * 3));

    // Next and previous.
    const key = await page.getByTestId('route-journey').getAttribute('data-key');
    const position = await page.getByTestId('route-position').textContent();
    await page.getByTestId('route-next').click();
    await expect(page.getByTestId('route-journey')).not.toHaveAttribute('data-key', key!);
    await expect(page.getByTestId('route-position')).not.toHaveText(position!);
    await shot(page, testInfo, 'next');
    await page.getByTestId('route-previous').click();
    await expect(page.getByTestId('route-journey')).toHaveAttribute('data-key', key!);

    // Back to the criteria, still filled in; Escape closes.
    await page.getByTestId('route-back').click();
    await expect(page.getByTestId('route-criteria')).toBeVisible();
    await expect(page.getByTestId('route-to-name')).toContainText('Tokyo');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('route-criteria')).toBeHidden();
    expect(await page.evaluate(() => window.map.getSearchMode())).toBe('none');
    expect(await page.evaluate(() => (window as unknown as { modes: string[] }).modes)).toEqual(['edit', 'route', 'edit', 'none']);
    await waitForStillView(page);
    await shot(page, testInfo, 'closed');
  });

  test('To here with the keyboard: Enter on the focused toggle, the typed station chosen from the list with Enter', async ({}, testInfo) => {
    const { page } = shared;
    await expect(page.getByTestId('route-to-here')).toBeVisible();
    await shot(page, testInfo, 'station-panel-toggles');
    await page.getByTestId('route-to-here').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('route-to-name')).toContainText('Shinjuku');
    const input = page.getByTestId('route-from-input');
    await input.focus();
    await page.keyboard.type('Tokyo');
    await expect(page.getByTestId('route-option').first()).toContainText('Tokyo');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('route-from-name')).toContainText('Tokyo');
    await page.getByTestId('route-search').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('journey-leg').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('journey-leg').first()).toContainText('Tokyo');
    await expect(page.getByTestId('journey-leg').last()).toContainText('Shinjuku');
  });

  test('results frame the whole journey in the part of the map the panel leaves free', async ({}, testInfo) => {
    const { page } = shared;
    const { network } = loadRealData();
    const coord = (id: string) => network.meta.stations[network.stationIndex.get(id)!].coord!;
    // Close on Shinjuku: Tokyo is off screen before the search.
    await page.evaluate(() => void window.map.jumpTo({ zoom: 15.5 }));
    await waitForStillView(page);
    const onScreen = async () => {
      const panel = (await page.getByTestId('route-results').boundingBox())!;
      const size = page.viewportSize()!;
      return page.evaluate(
        ({ ends, panel, size }) =>
          ends.map((c) => {
            const p = window.map.project(c as [number, number]);
            const inMap = p.x >= 0 && p.y >= 0 && p.x <= size.width && p.y <= size.height;
            const underPanel = p.x >= panel.x && p.x <= panel.x + panel.width && p.y >= panel.y && p.y <= panel.y + panel.height;
            return inMap && !underPanel;
          }),
        { ends: [coord(SHINJUKU), coord(TOKYO)], panel, size },
      );
    };
    await page.getByTestId('route-from-here').click();
    await searchToTokyo(page, 'to');
    await expect.poll(onScreen, { message: 'Shinjuku and Tokyo in view, not under the results panel', timeout: 30_000 }).toEqual([true, true]);
    await waitForStillView(page);
    expect(await onScreen()).toEqual([true, true]);
    await shot(page, testInfo, 'journey-framed');
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('bottom sheets with 44 px targets; a swipe moves between journeys', async ({ page }, testInfo) => {
    await openShinjuku(page);
    await page.getByTestId('route-from-here').tap();
    const sheet = page.getByTestId('route-criteria');
    await expect(sheet).toBeVisible();
    await shot(page, testInfo, 'phone-criteria');
    await searchToTokyo(page, 'to', true);
    const results = page.getByTestId('route-results');
    const box = (await results.boundingBox())!;
    expect(Math.round(box.x)).toBe(0);
    // Across the width beside the column of controls (a 60 px gutter on the right), which it never covers.
    expect(Math.round(box.width)).toBe(390 - 60);
    expect(Math.round(box.y + box.height)).toBe(844);
    for (const id of ['route-back', 'route-close', 'route-previous', 'route-next']) {
      const b = (await page.getByTestId(id).boundingBox())!;
      expect(b.height, id).toBeGreaterThanOrEqual(44);
      expect(b.width, id).toBeGreaterThanOrEqual(44);
    }
    expect((await page.getByTestId('leg-train').first().boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // Nothing covers the sheet: the element at its right edge belongs to it.
    const edge = await page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest('[data-testid="route-results"]'), [box.x + box.width - 20, box.y + box.height / 2] as const);
    expect(edge).toBe(true);
    await shot(page, testInfo, 'phone-results');

    const journey = page.getByTestId('route-journey');
    const key = await journey.getAttribute('data-key');
    const j = (await journey.boundingBox())!;
    const swipe = async (from: number, to: number) => {
      const y = j.y + Math.min(40, j.height / 2);
      await journey.dispatchEvent('pointerdown', { pointerId: 7, isPrimary: true, pointerType: 'touch', clientX: from, clientY: y, bubbles: true });
      await journey.dispatchEvent('pointerup', { pointerId: 7, isPrimary: true, pointerType: 'touch', clientX: to, clientY: y + 5, bubbles: true });
    };
    await swipe(300, 80); // to the left: the next journey
    await expect(journey).not.toHaveAttribute('data-key', key!);
    await shot(page, testInfo, 'phone-swiped');
    await swipe(80, 300); // to the right: back to the previous one
    await expect(journey).toHaveAttribute('data-key', key!);
    await page.getByTestId('route-close').tap();
    await expect(results).toBeHidden();
  });
});

/** The same page in English, then switched to Japanese; each test starts from Tokyo selected, no search open. */
test.describe.serial('messages', () => {
  const WEDNESDAY = `time=${encodeURIComponent('2026-11-25T08:00:00+09:00')}`;
  const shared = sharePage(
    async (page) => {
      await page.goto(`/?lang=en&theme=light&${WEDNESDAY}&selection=odpt.Station:${TOKYO}`);
      await waitForNetwork(page, { basemap: false });
    },
    { reset: (page) => reselect(page, TOKYO) },
  );

  for (const [lang, reason] of [
    ['en', 'Origin and destination are the same station. Choose another one.'],
    ['ja', '出発駅と到着駅が同じです。別の駅を選んでください。'],
  ] as const) {
    test(`Tokyo → Tokyo (${lang}): Search is disabled with a one-line reason, no internal ids`, async ({}, testInfo) => {
      const { page } = shared;
      await page.evaluate((l) => void window.map.setLanguage(l), lang);
      await page.getByTestId('route-from-here').click();
      await expect(page.getByTestId('route-criteria')).toBeVisible();
      // The search keeps the destination of the English run (Shinjuku): its name is clicked to type another.
      if (lang === 'ja') await page.getByTestId('route-to-name').click();
      const input = page.getByTestId('route-to-input');
      await input.fill(lang === 'ja' ? '東京' : 'Tokyo');
      await page.getByTestId('route-option').first().click();
      await expect(page.getByTestId('route-search')).toBeDisabled();
      const notice = page.getByTestId('route-notice');
      await expect(notice).toHaveText(reason);
      await expect(page.getByTestId('route-criteria')).not.toContainText(/JR-East|odpt|\.Tokyo/);
      // One line: the message fits the panel's width.
      const box = (await notice.boundingBox())!;
      const lineHeight = await notice.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
      expect(box.height).toBeLessThanOrEqual(lineHeight * 2.2);
      await shot(page, testInfo, `same-station-${lang}`);
      // Another destination enables the search again, and the reason goes.
      await page.getByTestId('route-to-name').click();
      await page.getByTestId('route-to-input').fill(lang === 'ja' ? '新宿' : 'Shinjuku');
      await page.getByTestId('route-option').first().click();
      await expect(page.getByTestId('route-search')).toBeEnabled();
      await expect(notice).toHaveText('');
    });
  }
});

test('Narita Airport Terminal 1 → Tokyo: the count is known when results show, and the badges match the list', async ({ page }, testInfo) => {
  const WEDNESDAY = `time=${encodeURIComponent('2026-11-25T08:00:00+09:00')}`;
  await page.goto(`/?lang=en&theme=light&${WEDNESDAY}&selection=odpt.Station:Keisei.Main.NaritaAirportTerminal1`);
  await waitForNetwork(page, { basemap: false });
  await page.getByTestId('route-from-here').click();
  await searchToTokyo(page, 'to');
  const position = page.getByTestId('route-position');
  const [, shown, total] = /Journey (\d+) of (\d+)/.exec((await position.textContent())!)!.map(Number);
  expect(total, 'several journeys found before the results show').toBeGreaterThan(1);
  await shot(page, testInfo, 'narita-results');
  for (let i = shown; i > 1; i--) await page.getByTestId('route-previous').click();
  await expect(position).toHaveText(`Journey 1 of ${total}`);

  // Walk the whole list: the total never changes, and each journey's times and badges are read.
  const seen: { arrival: string; transfers: number; badges: string[] }[] = [];
  for (let i = 1; i <= total; i++) {
    await expect(position).toHaveText(`Journey ${i} of ${total}`);
    const transfers = await page.getByTestId('journey-transfers').textContent();
    seen.push({
      arrival: (await page.getByTestId('journey-arrival').textContent())!,
      transfers: /(\d+) transfer/.exec(transfers!)?.[1] ? Number(/(\d+) transfer/.exec(transfers!)![1]) : 0,
      badges: await page.getByTestId('journey-badge').allTextContents(),
    });
    if (i < total) await page.getByTestId('route-next').click();
  }
  const earliest = seen.filter((j) => j.badges.includes('Earliest arrival'));
  expect(earliest, JSON.stringify(seen)).toHaveLength(1);
  expect(earliest[0].arrival, JSON.stringify(seen)).toBe(seen.map((j) => j.arrival).sort()[0]);
  const fewest = seen.filter((j) => j.badges.includes('Fewest transfers'));
  expect(fewest, JSON.stringify(seen)).toHaveLength(1);
  expect(fewest[0].transfers, JSON.stringify(seen)).toBe(Math.min(...seen.map((j) => j.transfers)));
});

