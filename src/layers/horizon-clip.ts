/**
 * Nothing of ours beyond the base map's horizon: at a steep pitch MapLibre stops drawing the map a little below the
 * true horizon of a flat map and draws its sky above that line (`data/geometry/basemap-horizon.ts`), while deck.gl's
 * camera sees further. Railways, stations and cars out there were drawn in the sky.
 *
 * {@link HorizonClipEffect} is a deck.gl effect, as deck.gl's lighting is: it adds a shader module to every layer of
 * its `Deck` that discards the fragments above the base map's horizon line, and gives each layer the line for the
 * viewport it draws. A layer class that belongs in the sky (rain) sets `static drawnInTheSky = true` and is left whole.
 *
 * @module
 */
import type { Effect, Layer, Viewport } from '@deck.gl/core';
import type { ShaderModule } from '@luma.gl/shadertools';
import { basemapHorizonAboveCentre } from '../data/geometry/basemap-horizon.ts';
import { uniformsModule } from './shaders/uniforms-module.ts';

/** Far above any screen: no fragment is discarded. */
const NO_CLIP = 1e9;

/** The shader module: fragments whose window y (device pixels from the bottom) is above `horizonClip.lineY` go. */
const horizonClip: ShaderModule<{ lineY: number }> = {
  ...uniformsModule('horizonClip', { lineY: 'f32' }, { vs: false, fs: true }),
  defaultUniforms: { lineY: NO_CLIP },
  inject: { 'fs:DECKGL_FILTER_COLOR': 'if (gl_FragCoord.y > horizonClip.lineY) discard;' },
};

/** The parts of deck.gl's Web Mercator viewport the line is found from. */
type MercatorViewport = Viewport & { pitch?: number; altitude?: number; longitude?: number; latitude?: number };

/** The base map's horizon line in window coordinates (device pixels up from the bottom), or {@link NO_CLIP}. */
function horizonLineY(viewport: MercatorViewport, devicePixelRatio: number): number {
  const { pitch, altitude, longitude, latitude } = viewport;
  if (!pitch || !altitude || longitude === undefined || latitude === undefined) return NO_CLIP;
  // The centre's screen point moves with the viewport's padding; the horizon is measured from it.
  const centreY = viewport.project([longitude, latitude])[1];
  const lineFromTop = centreY - basemapHorizonAboveCentre(pitch, altitude * viewport.height);
  return lineFromTop <= 0 ? NO_CLIP : (viewport.y + viewport.height - lineFromTop) * devicePixelRatio;
}

/** See the module description. One instance can serve several `Deck`s: it keeps nothing per deck. */
export class HorizonClipEffect implements Effect {
  readonly id = 'horizon-clip';
  readonly props = {};
  readonly useInPicking = true;
  /** The line of the last viewport asked about (each layer asks for it every frame). */
  private last: { viewport: Viewport | null; ratio: number; lineY: number } = { viewport: null, ratio: 0, lineY: NO_CLIP };

  setup({ deck }: Parameters<Effect['setup']>[0]): void {
    deck._addDefaultShaderModule(horizonClip as ShaderModule<Record<string, unknown>>);
  }

  cleanup({ deck }: Parameters<Effect['cleanup']>[0]): void {
    deck._removeDefaultShaderModule(horizonClip as ShaderModule<Record<string, unknown>>);
  }

  preRender(): void {}

  getShaderModuleProps(layer: Layer, other: { project?: { viewport?: Viewport; devicePixelRatio?: number } }): { horizonClip: { lineY: number } } {
    const viewport = other.project?.viewport;
    const ratio = other.project?.devicePixelRatio ?? 1;
    if ((layer.constructor as { drawnInTheSky?: boolean }).drawnInTheSky || !viewport) return { horizonClip: { lineY: NO_CLIP } };
    if (viewport !== this.last.viewport || ratio !== this.last.ratio) this.last = { viewport, ratio, lineY: horizonLineY(viewport, ratio) };
    return { horizonClip: { lineY: this.last.lineY } };
  }
}
