/** What luma.gl keeps on a WebGL context it drives (`gl.luma`): the device, whose canvas context watches the canvas. */
interface LumaContextData {
  device?: { canvasContext?: { destroy(): void } | null } | null;
}

/**
 * Frees the WebGL context of a canvas the map drew in, and what watched it.
 *
 * - deck.gl's `finalize()` leaves its luma.gl device alive, and the device's canvas context keeps a resize observer,
 *   an intersection observer and a `matchMedia` listener (for pixel-ratio changes) that only its `destroy()` removes:
 *   the listener alone kept each removed map (its store, layers and data, about 4 MB) reachable from the page.
 * - WebGL has no call that destroys a context and luma.gl's `device.destroy()` leaves it alive, so each map mounted
 *   and removed kept its deck.gl contexts until the browser dropped the oldest (it allows 16). Losing it is what
 *   MapLibre's `remove()` does for its own.
 */
export function loseWebglContext(canvas: HTMLCanvasElement): void {
  const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
  if (!context) return;
  (context as { luma?: LumaContextData }).luma?.device?.canvasContext?.destroy();
  if (!context.isContextLost()) context.getExtension('WEBGL_lose_context')?.loseContext();
}
