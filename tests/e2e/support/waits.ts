/**
 * Waiting on what the page does rather than on time: animation frames, the
 * drawing loop's counters (`Map.getRenderStats()`), the camera coming to
 * rest and the base map going idle.
 *
 * Under software WebGL a frame takes from a tenth of a second to over a
 * second, depending on the view and on the machine's load: a fixed sleep is
 * either too short on a busy machine or wasted on a quiet one. Every helper
 * here ends as soon as the page has done what is waited for, and fails with a
 * message saying what did not happen.
 */
import type { Page } from '@playwright/test';
import type {} from './map-page.ts'; // `window.map`

/**
 * Waits until the page has run `count` more animation frames. The map's
 * canvases (MapLibre's and deck.gl's) draw in animation frames, so what was
 * changed before the call (a layer shown or hidden, a colour, a camera jump)
 * has been drawn once this returns: the change reaches the canvases in the
 * task that made it or the next, and the first frame after it draws it.
 */
export async function waitForFrames(page: Page, count = 2, timeout = 60_000): Promise<void> {
  await page.evaluate(
    ({ count, timeout }) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`fewer than ${count} animation frames in ${timeout} ms`)), timeout);
        let left = count;
        const tick = () => {
          if (--left > 0) requestAnimationFrame(tick);
          else {
            clearTimeout(timer);
            resolve();
          }
        };
        requestAnimationFrame(tick);
      }),
    { count, timeout },
  );
}

/**
 * Waits until `count` more train frames have come from the simulation worker
 * and the trains' overlay has drawn (`RenderStats.trainFrames` and `frames`):
 * what moves on the map has moved on since the call.
 */
export async function waitForTrainFrames(page: Page, count = 2, timeout = 90_000): Promise<void> {
  const start = await page.evaluate(() => window.map.getRenderStats());
  await page.waitForFunction(
    ({ start, count }) => {
      const now = window.map.getRenderStats();
      return now.trainFrames >= start.trainFrames + count && now.frames >= start.frames + count + 1;
    },
    { start, count },
    { timeout },
  );
}

/**
 * Waits until the map's clock has run `ms` by its own time (its playback speed; a paused clock waits), for what is
 * tested over time: trains and buses moving on between two looks.
 */
export async function waitForClock(page: Page, ms: number, timeout = 60_000): Promise<void> {
  const start = await page.evaluate(() => window.map.clock.getTime());
  await page.waitForFunction(({ start, ms }) => window.map.clock.getTime() - start >= ms, { start, ms }, { timeout });
}

/**
 * Waits until the camera has not changed for `frames` consecutive animation
 * frames spanning at least `minMs`. Both: a transition asked for just before
 * the call starts in the next frame or two, and the station names are placed
 * at most every 200 ms (`station-label-layer.ts`), so a camera that has been
 * still for fewer frames or a shorter time may still move, or its names be
 * those of the view before.
 */
export async function waitForCameraToSettle(page: Page, frames = 2, minMs = 500): Promise<void> {
  await page.evaluate(
    ({ frames, minMs }) =>
      new Promise<void>((resolve, reject) => {
        const read = () => {
          const { lng, lat } = window.map.getCenter();
          return [lng, lat, window.map.getZoom(), window.map.getBearing(), window.map.getPitch()].join('/');
        };
        const start = performance.now();
        let last = read();
        let since = performance.now();
        let unchanged = 0;
        const tick = () => {
          const now = read();
          if (now !== last) {
            last = now;
            since = performance.now();
            unchanged = 0;
          } else unchanged++;
          if (unchanged >= frames && performance.now() - since >= minMs) resolve();
          else if (performance.now() - start > 30_000) reject(new Error(`camera still moving after 30 s (${now})`));
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { frames, minMs },
  );
}

/**
 * Waits until the base map has nothing left to do: loaded and drawn once
 * (the `tt:basemap-idle` mark), then the tiles of the current view loaded,
 * its labels placed and faded in, no transition running. That is MapLibre's
 * `idle` event; when the map is idle already no event comes, which shows as
 * no frame scheduled (MapLibre's private `_frameRequest`: a frame is always
 * scheduled while something is left to draw) with everything loaded. Should
 * that field go in a later MapLibre, a repaint is asked for and its `idle`
 * awaited (one more base-map frame).
 */
export async function waitForBasemapIdle(page: Page, timeout = 120_000): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('tt:basemap-idle').length > 0 && window.map.getMapLibreMap() !== null, null, { timeout });
  await page.evaluate(
    (timeout) =>
      new Promise<void>((resolve, reject) => {
        const base = window.map.getMapLibreMap()!;
        const scheduling = base as unknown as { _frameRequest?: unknown };
        const knowsFrames = '_frameRequest' in scheduling;
        if (knowsFrames && scheduling._frameRequest == null && base.loaded() && !base.isMoving()) return resolve();
        const timer = setTimeout(() => reject(new Error(`the base map was not idle within ${timeout} ms (loaded: ${base.loaded()}, moving: ${base.isMoving()})`)), timeout);
        base.once('idle', () => {
          clearTimeout(timer);
          resolve();
        });
        if (!knowsFrames) base.triggerRepaint();
      }),
    timeout,
  );
}

/**
 * Waits until what the map shows is at rest: the camera still
 * ({@link waitForCameraToSettle}), the base map idle ({@link waitForBasemapIdle})
 * and the canvases drawn since ({@link waitForFrames}). What moves by itself
 * (trains, aircraft, rain) keeps moving: hide it first for a still picture.
 */
export async function waitForStillView(page: Page): Promise<void> {
  await waitForCameraToSettle(page);
  await waitForBasemapIdle(page);
  await waitForFrames(page);
}

/**
 * Waits until the element with test id `testId` is shown (and its text holds
 * `text`), or until the page has run `frames` more animation frames; true when
 * it is shown. For pointing at something on the map: a hover is picked from
 * the frame last drawn, so when nothing shows within a few frames, what was
 * pointed at may have moved on and the caller aims again.
 */
export async function showsWithinFrames(page: Page, testId: string, text = '', frames = 3): Promise<boolean> {
  return page.evaluate(
    ({ testId, text, frames }) =>
      new Promise<boolean>((resolve) => {
        const shown = () => {
          const element = document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
          return element !== null && element.getClientRects().length > 0 && (element.textContent ?? '').includes(text);
        };
        let left = frames;
        const tick = () => {
          if (shown()) resolve(true);
          else if (left-- <= 0) resolve(false);
          else requestAnimationFrame(tick);
        };
        tick();
      }),
    { testId, text, frames },
  );
}
