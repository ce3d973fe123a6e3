/**
 * The module that draws three.js layers (`src/layers/three-overlay.ts`, with three.js): loaded with the first
 * three.js layer, or handed over when the page has loaded three.js anyway (the Mini Tokyo 3D compat entry), so that
 * a layer is then added at once and its `onAdd` runs inside `Map.addLayer`, as in Mini Tokyo 3D.
 *
 * @internal
 * @module
 */
type ThreeOverlayModule = typeof import('../layers/three-overlay.ts');

let loaded: ThreeOverlayModule | null = null;

/** Hands over the module, loaded by an entry point that imports three.js statically. */
export function provideThreeOverlay(module: ThreeOverlayModule): void {
  loaded ??= module;
}

/** The module if it is loaded already, else null. */
export function loadedThreeOverlay(): ThreeOverlayModule | null {
  return loaded;
}

/** The module, loading it (and three.js) the first time. */
export function loadThreeOverlay(): Promise<ThreeOverlayModule> {
  return loaded ? Promise.resolve(loaded) : import('../layers/three-overlay.ts').then((module) => (loaded ??= module));
}
