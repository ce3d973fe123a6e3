/**
 * The base map: a calm, low-saturation MapLibre style over the OpenMapTiles (v3.11) vector tiles in
 * `tokyo.pmtiles`, meant to sit under brightly coloured transit lines. It draws no railways (the app
 * draws them), no POIs and no icons, references no sprite, and uses only the three bundled glyph
 * font stacks; kanji and kana come from the browser via MapLibre's `localIdeographFontFamily`.
 */
import type { StyleSpecification, VectorSourceSpecification } from 'maplibre-gl';
import { localizedNameExpression } from './languages.ts';
import { buildingLayer, aerowayLayers, boundaryLayer, groundLayers, waterLayers } from './layers-ground.ts';
import { labelLayers } from './layers-labels.ts';
import { roadLayers } from './layers-roads.ts';
import { PALETTES, type BasemapTheme } from './palettes.ts';
import { BASEMAP_ATTRIBUTION, BASEMAP_SOURCE_ID, BASEMAP_SOURCE_MAX_ZOOM } from './style-constants.ts';
import type { LightStageId } from '../data/light/light-stages.ts';
import { stageById, stagePalette } from './stage-palette.ts';

export type { BasemapTheme } from './palettes.ts';
export {
  BASEMAP_ATTRIBUTION,
  BASEMAP_FIRST_LABEL_LAYER_ID,
  BASEMAP_SOURCE_ID,
  RECOMMENDED_LOCAL_IDEOGRAPH_FONT_FAMILY,
} from './style-constants.ts';

/** Inputs of {@link createBasemapStyle}. */
export interface BasemapStyleOptions {
  /** Vector tile source URL as MapLibre understands it, e.g. 'pmtiles://http://127.0.0.1:5173/basemap/tokyo.pmtiles' */
  tilesUrl: string;
  /** Glyph URL template, e.g. 'http://127.0.0.1:5173/basemap/fonts/{fontstack}/{range}.pbf' */
  glyphsUrl: string;
  theme: BasemapTheme;
  /**
   * Light stage whose blended palette replaces the theme's (see `stage-palette.ts`); the
   * style then changes only when the stage does. MapLibre's sky follows the light on its own (`setSky`).
   */
  stage?: LightStageId;
  /** Interface language: one of ja, en, ko, zh-Hans, zh-Hant, th, ne, pt-BR, fr, es, de */
  lang: string;
  /** Draw the 3D buildings (default true; the layers panel switches them). */
  buildings?: boolean;
}

/**
 * Builds the complete base map style for a theme and interface language.
 *
 * The result is a fresh object each call (safe to mutate), MapLibre style version 8, with one vector
 * source named {@link BASEMAP_SOURCE_ID}. Labels use {@link localizedNameExpression} for `lang`.
 */
export function createBasemapStyle(options: BasemapStyleOptions): StyleSpecification {
  const palette = options.stage ? stagePalette(stageById(options.stage)) : PALETTES[options.theme];
  const name = localizedNameExpression(options.lang);
  const style: StyleSpecification = {
    version: 8,
    name: `Tokyo transit base map (${options.stage ?? options.theme}, ${options.lang})`,
    sources: { [BASEMAP_SOURCE_ID]: createSource(options.tilesUrl) },
    glyphs: options.glyphsUrl,
    light: palette.light,
    sky: palette.sky,
    layers: [
      ...groundLayers(palette),
      boundaryLayer(palette),
      ...waterLayers(palette),
      ...aerowayLayers(palette),
      ...roadLayers(palette),
      buildingLayer(palette, options.buildings ?? true),
      ...labelLayers(palette, name),
    ],
  };
  // Palettes and class lists are shared constants; hand out a deep copy so callers may mutate it.
  return structuredClone(style);
}

/**
 * The style with a credit of another data source in the map's attribution (MapLibre lists the attribution of the
 * sources its visible layers use): an empty GeoJSON source carrying `html`, and an invisible layer that uses it.
 */
export function withAttribution(style: StyleSpecification, id: string, html: string): StyleSpecification {
  return {
    ...style,
    sources: { ...style.sources, [id]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] }, attribution: html } },
    layers: [...style.layers, { id, type: 'circle', source: id, paint: { 'circle-opacity': 0, 'circle-stroke-opacity': 0 } }],
  };
}

function createSource(tilesUrl: string): VectorSourceSpecification {
  return {
    type: 'vector',
    url: tilesUrl,
    maxzoom: BASEMAP_SOURCE_MAX_ZOOM,
    attribution: BASEMAP_ATTRIBUTION,
  };
}
