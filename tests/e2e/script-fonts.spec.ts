/**
 * Thai and Nepali (Devanagari) text is drawn with the web fonts the app ships (Noto Sans Thai / Devanagari, subset to
 * their script), loaded only in those languages: the test machines have system Noto fonts for both scripts, so the
 * check is what Chromium reports it drew the text with (a web font, not a system font) and which font files the page
 * fetched.
 */
import { expect, test, type Page } from '@playwright/test';
import { NO_TRAINS, openMap } from './support/map-page.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

const FONT_FILE = /noto-sans-(thai|devanagari)-[^/]*\.woff2/;

/** The font files of the shipped script fonts the page requests from now on. */
function fontRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    const match = FONT_FILE.exec(request.url());
    if (match) urls.push(match[0]);
  });
  return urls;
}

/** The fonts Chromium drew the text of the first element matching `selector` with (DevTools' "Rendered fonts"). */
async function renderedFonts(page: Page, selector: string): Promise<{ familyName: string; isCustomFont: boolean; glyphCount: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts;
  } finally {
    await cdp.detach();
  }
}

/** Waits until the page's document has the shipped font `family` loaded. */
async function waitForFont(page: Page, family: string): Promise<void> {
  await page.waitForFunction((family) => [...document.fonts].some((face) => face.family.replace(/"/g, '') === family && face.status === 'loaded'), family);
}

for (const { lang, family, font, other, sample } of [
  { lang: 'th', family: 'Tokyo Transit Thai', font: 'Noto Sans Thai', other: 'devanagari', sample: /[\u0e00-\u0e7f]/ },
  { lang: 'ne', family: 'Tokyo Transit Devanagari', font: 'Noto Sans Devanagari', other: 'thai', sample: /[\u0900-\u097f]/ },
]) {
  test(`${lang}: the interface is drawn with the shipped ${font}, and only its files are fetched`, async ({ page }) => {
    await serveEmptyBasemap(page); // reads none of the base map
    const requests = fontRequests(page);
    await openMap(page, `?lang=${lang}&${NO_TRAINS}`, '', { basemap: false });
    await waitForFont(page, family);
    const button = page.getByTestId('app-info-button');
    await expect(button).toHaveAttribute('aria-label', sample);
    await button.click();
    const heading = page.getByTestId('app-info').locator('h2');
    await expect(heading).toHaveText(sample);
    // The heading's script glyphs come from the web font (a custom font), not from the system's font of the same name.
    await expect.poll(async () => (await renderedFonts(page, '[data-testid="app-info"] h2')).find((f) => f.isCustomFont)?.familyName).toMatch(new RegExp(`^${font}`));
    expect(await heading.evaluate((h) => getComputedStyle(h).fontFamily)).toContain(family);
    expect(requests.some((url) => url.includes(`-${lang === 'th' ? 'thai' : 'devanagari'}-400-normal`))).toBe(true);
    expect(requests.filter((url) => url.includes(other))).toEqual([]);
  });
}

test('English loads no script font; switching to Thai loads it and the open panel redraws with it', async ({ page }) => {
  await serveEmptyBasemap(page); // reads none of the base map
  const requests = fontRequests(page);
  await openMap(page, `?lang=en&${NO_TRAINS}`, '', { basemap: false });
  await page.getByTestId('app-info-button').click();
  await expect(page.getByTestId('app-info')).toBeVisible();
  expect(await page.evaluate(() => [...document.fonts].filter((face) => face.family.includes('Tokyo Transit')).length)).toBe(0);
  expect(requests).toEqual([]);

  await page.evaluate(() => {
    window.map.setLanguage('th');
  });
  await waitForFont(page, 'Tokyo Transit Thai');
  await expect(page.getByTestId('app-info').locator('h2')).toHaveText(/[\u0e00-\u0e7f]/);
  await expect.poll(async () => (await renderedFonts(page, '[data-testid="app-info"] h2')).find((f) => f.isCustomFont)?.familyName).toMatch(/^Noto Sans Thai/);
  expect(requests.every((url) => url.includes('thai'))).toBe(true);
});
