/**
 * The resolution the map's canvases draw at. On screens of more than two device pixels per CSS pixel (phones, almost
 * all) they draw at two: at three, every canvas (the base map, the network, what moves) would fill 2.25 times as many
 * pixels for a sharpness hardly anyone sees at a phone's viewing distance, and a phone's GPU, its memory bandwidth
 * and its battery pay for each of them every frame. Screens of one to two device pixels per CSS pixel (desktops,
 * laptops, tablets) draw at their own.
 *
 * @module
 */

/** The highest pixel ratio the map's canvases draw at. */
const MAX_PIXEL_RATIO = 2;

/** The screen's device pixels per CSS pixel. */
const screenPixelRatio = (): number => globalThis.devicePixelRatio || 1;

/**
 * The pixel ratio the map's canvases draw at in place of the screen's, or undefined when they draw at the screen's
 * own (its ratio is at most {@link MAX_PIXEL_RATIO}): undefined leaves deck.gl and MapLibre following the screen's
 * ratio as they do by default (a window moved to another screen).
 */
export function cappedPixelRatio(devicePixelRatio = screenPixelRatio()): number | undefined {
  return devicePixelRatio > MAX_PIXEL_RATIO ? MAX_PIXEL_RATIO : undefined;
}

/** The pixel ratio the map's canvases draw at now: the screen's, at most {@link MAX_PIXEL_RATIO}. */
export function drawingPixelRatio(devicePixelRatio = screenPixelRatio()): number {
  return cappedPixelRatio(devicePixelRatio) ?? devicePixelRatio;
}
