/**
 * Frees the WebGL context of a canvas the map drew in. WebGL has no call that destroys a context and luma.gl's
 * `device.destroy()` leaves it alive, so each map mounted and removed kept its deck.gl contexts until the browser
 * dropped the oldest (it allows 16). Losing it is what MapLibre's `remove()` does for its own.
 */
export function loseWebglContext(canvas: HTMLCanvasElement): void {
  const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
  if (context && !context.isContextLost()) context.getExtension('WEBGL_lose_context')?.loseContext();
}
