/**
 * Railway lines in their official colours: at the default view the Yamanote
 * line (#80C342) and the Chuo Rapid line (#F15A22) run side by side into
 * Tokyo Station, which is near the centre of the screen. Checked on the
 * screenshot, in the light and the dark theme.
 *
 * Calibration (1280×720, 500×400 window around Tokyo Station, RGB distance ≤ 20):
 * light theme ≈ 2,180 Yamanote and ≈ 1,390 Chuo Rapid pixels; dark theme ≈ 2,190
 * and ≈ 1,500. The nearest other line colours are Tokaido #F68B1E (distance 49
 * from #F15A22) and Shinetsu #9ACD32 (32 from #80C342), so 20 keeps them apart;
 * antialiased edges only add ~5% between tolerance 5 and 20.
 */
import { expect, test } from '@playwright/test';
import { NO_TRAINS, openMap, project, TOKYO_STATION } from './support/map-page.ts';
import { attachPng, colorMask, findColor, hex, maskOverlay, meanBrightness, rectAround, screenshotImage } from './support/pixels.ts';

const YAMANOTE = hex('#80C342');
const CHUO_RAPID = hex('#F15A22');
const TOLERANCE = 20;
const MIN_PIXELS = 300;
const WINDOW = { width: 500, height: 400 };

for (const theme of ['light', 'dark'] as const) {
  test(`Yamanote and Chuo Rapid lines are drawn in their colours at Tokyo Station (${theme} theme)`, async ({ page }, testInfo) => {
    await openMap(page, `?lang=en&theme=${theme}&${NO_TRAINS}`);
    const station = await project(page, TOKYO_STATION);
    // The default view is centred next to Tokyo Station.
    expect(Math.abs(station.x - 640)).toBeLessThan(40);
    expect(Math.abs(station.y - 360)).toBeLessThan(40);

    const image = await screenshotImage(page, { testInfo, name: `lines-${theme}.png` });
    const area = rectAround(station, WINDOW.width, WINDOW.height, image);
    const yamanote = findColor(image, area, YAMANOTE, TOLERANCE);
    const chuo = findColor(image, area, CHUO_RAPID, TOLERANCE);
    await attachPng(testInfo, `lines-${theme}-yamanote-mask.png`, maskOverlay(image, colorMask(image, area, YAMANOTE, TOLERANCE)));
    await attachPng(testInfo, `lines-${theme}-chuo-mask.png`, maskOverlay(image, colorMask(image, area, CHUO_RAPID, TOLERANCE)));
    testInfo.annotations.push({ type: 'pixels', description: `${theme}: Yamanote ${yamanote.count}, Chuo Rapid ${chuo.count} (window ${JSON.stringify(area)})` });

    expect(yamanote.count, 'Yamanote-green pixels near Tokyo Station').toBeGreaterThanOrEqual(MIN_PIXELS);
    expect(chuo.count, 'Chuo-Rapid-orange pixels near Tokyo Station').toBeGreaterThanOrEqual(MIN_PIXELS);
    // The Chuo Rapid line ends at Tokyo coming from Kanda in the north: on screen it lies above the station.
    expect(chuo.centroid!.y).toBeLessThan(station.y);

    // The theme really is the one asked for: the map around the station is light or dark.
    const background = meanBrightness(image, area);
    if (theme === 'light') expect(background).toBeGreaterThan(170);
    else expect(background).toBeLessThan(90);
  });
}
