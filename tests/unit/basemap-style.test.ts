import { describe, expect, it, vi } from 'vitest';
import { diff, expression, featureFilter, latest, validateStyleMin, type FilterSpecification, type StylePropertySpecification } from '@maplibre/maplibre-gl-style-spec';
import { LIGHT_STAGES } from '../../src/data/light/light-stages.ts';
import { blendColors } from '../../src/data/light/color.ts';
import { PALETTES } from '../../src/basemap/palettes.ts';
import type { LayerSpecification, StyleSpecification, SymbolLayerSpecification } from 'maplibre-gl';
import {
  BASEMAP_ATTRIBUTION,
  BASEMAP_FIRST_LABEL_LAYER_ID,
  BASEMAP_SOURCE_ID,
  createBasemapStyle,
  type BasemapTheme,
} from '../../src/basemap/style.ts';
import { BASEMAP_LANGUAGES, nameFieldChain, resolveBasemapLanguage } from '../../src/basemap/languages.ts';
import { registerPmtilesProtocol } from '../../src/basemap/protocol.ts';

const TILES_URL = 'pmtiles://http://127.0.0.1:5173/basemap/tokyo.pmtiles';
const GLYPHS_URL = 'http://127.0.0.1:5173/basemap/fonts/{fontstack}/{range}.pbf';
const THEMES: BasemapTheme[] = ['light', 'dark'];
const AVAILABLE_FONTS = ['Noto Sans Regular', 'Noto Sans Medium', 'Noto Sans Italic'];

function styleFor(theme: BasemapTheme, lang: string): StyleSpecification {
  return createBasemapStyle({ tilesUrl: TILES_URL, glyphsUrl: GLYPHS_URL, theme, lang });
}

function symbolLayers(style: StyleSpecification): SymbolLayerSpecification[] {
  return style.layers.filter((layer): layer is SymbolLayerSpecification => layer.type === 'symbol');
}

function layerById(style: StyleSpecification, id: string): LayerSpecification {
  const layer = style.layers.find((candidate) => candidate.id === id);
  if (!layer) throw new Error(`no layer ${id}`);
  return layer;
}

/** Every string anywhere inside a JSON value. */
function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(allStrings);
  return [];
}

/** Whether a layer's filter keeps a line feature with these properties in a tile of this zoom. */
function keepsLine(layer: LayerSpecification, zoom: number, properties: Record<string, string | number>): boolean {
  const filter = (layer as { filter?: FilterSpecification }).filter;
  const compiled = featureFilter(filter, `layers.${layer.id}.filter`);
  const feature = { type: 2 as const, properties, geometry: [] };
  return compiled.filter({ zoom }, feature as never);
}

const combos = THEMES.flatMap((theme) => BASEMAP_LANGUAGES.map((lang) => [theme, lang] as const));

describe('createBasemapStyle', () => {
  it.each(combos)('%s / %s validates against the MapLibre style spec', (theme, lang) => {
    expect(validateStyleMin(styleFor(theme, lang))).toEqual([]);
  });

  it('the validator used here does reject a broken style', () => {
    const broken = styleFor('light', 'ja');
    (broken.layers[1] as { type: string }).type = 'not-a-layer-type';
    expect(validateStyleMin(broken).length).toBeGreaterThan(0);
  });

  it.each(combos)('%s / %s uses only the three bundled font stacks', (theme, lang) => {
    const labels = symbolLayers(styleFor(theme, lang));
    expect(labels.length).toBeGreaterThanOrEqual(5);
    for (const layer of labels) {
      const fonts = layer.layout?.['text-font'];
      expect(Array.isArray(fonts), `${layer.id} text-font must be a literal list`).toBe(true);
      for (const font of fonts as string[]) expect(AVAILABLE_FONTS).toContain(font);
    }
  });

  it.each(THEMES)('%s references no URL except the given tiles and glyphs', (theme) => {
    const style = styleFor(theme, 'en');
    expect(style.sprite).toBeUndefined();
    expect(style.glyphs).toBe(GLYPHS_URL);
    // The credit's links are only followed when clicked.
    const urls = allStrings(style).filter((text) => /https?:\/\//i.test(text) && text !== BASEMAP_ATTRIBUTION);
    expect(new Set(urls)).toEqual(new Set([TILES_URL, GLYPHS_URL]));
  });

  it('has one vector source named openmaptiles with overzoom past z13 and OSM attribution', () => {
    const style = styleFor('dark', 'ja');
    expect(Object.keys(style.sources)).toEqual([BASEMAP_SOURCE_ID]);
    expect(style.sources[BASEMAP_SOURCE_ID]).toEqual({
      type: 'vector',
      url: TILES_URL,
      maxzoom: 13,
      attribution: BASEMAP_ATTRIBUTION,
    });
    // The licence's credit, each name a link to its source's terms.
    const links = [...BASEMAP_ATTRIBUTION.matchAll(/<a href="([^"]+)" target="_blank" rel="noopener">([^<]+)<\/a>/g)].map((m) => [m[2], m[1]]);
    expect(links).toEqual([
      ['© OpenMapTiles', 'https://openmaptiles.org/'],
      ['© OpenStreetMap contributors', 'https://www.openstreetmap.org/copyright'],
    ]);
    expect(BASEMAP_ATTRIBUTION.replace(/<[^>]+>/g, '')).toBe('© OpenMapTiles © OpenStreetMap contributors');
    expect(style.version).toBe(8);
  });

  it('labels in Japanese prefer name:ja, then name', () => {
    for (const layer of symbolLayers(styleFor('light', 'ja'))) {
      expect(layer.layout?.['text-field'], layer.id).toEqual(['coalesce', ['get', 'name:ja'], ['get', 'name']]);
    }
  });

  it('labels in English prefer name:en, then the romanised name:latin, and end with name', () => {
    const textField = symbolLayers(styleFor('light', 'en'))[0]?.layout?.['text-field'];
    expect(textField).toEqual(['coalesce', ['get', 'name:en'], ['get', 'name:latin'], ['get', 'name_en'], ['get', 'name']]);
  });

  it.each([
    ['ko', ['name:ko', 'name:en', 'name:latin', 'name_en', 'name']],
    ['zh-Hans', ['name:zh-Hans', 'name:zh', 'name']],
    ['zh-Hant', ['name:zh-Hant', 'name:zh-TW', 'name:ja', 'name:zh', 'name']],
    ['fr', ['name:fr', 'name:en', 'name:latin', 'name_en', 'name']],
    ['pt-BR', ['name:pt-BR', 'name:pt', 'name:en', 'name:latin', 'name_en', 'name']],
    ['th', ['name:th', 'name:en', 'name:latin', 'name_en', 'name']],
  ])('fallback chain for %s', (lang, chain) => {
    expect(nameFieldChain(lang)).toEqual(chain);
  });

  it('maps loose language tags to supported ones', () => {
    expect(resolveBasemapLanguage('ja-JP')).toBe('ja');
    expect(resolveBasemapLanguage('zh-TW')).toBe('zh-Hant');
    expect(resolveBasemapLanguage('zh-CN')).toBe('zh-Hans');
    expect(resolveBasemapLanguage('pt')).toBe('pt-BR');
    expect(resolveBasemapLanguage('xx')).toBe('en');
  });

  it('draws no railway or transit lines', () => {
    for (const layer of styleFor('light', 'en').layers) {
      const text = JSON.stringify(layer);
      expect(text, layer.id).not.toMatch(/"(rail|transit)"/);
    }
  });

  it('extrudes buildings from render_height, falling back to a default height', () => {
    const building = layerById(styleFor('light', 'en'), 'building-3d');
    expect(building.type).toBe('fill-extrusion');
    expect(JSON.stringify(building)).toContain('"render_height"');
    expect(building).toMatchObject({ 'source-layer': 'building', minzoom: 13 });
  });

  it('themes differ: dark land is dark, light land is light', () => {
    const luminance = (hex: string): number => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    const land = (theme: BasemapTheme): string => {
      const background = layerById(styleFor(theme, 'en'), 'background');
      return (background.paint as { 'background-color': string })['background-color'];
    };
    expect(luminance(land('light'))).toBeGreaterThan(200);
    expect(luminance(land('dark'))).toBeLessThan(50);
  });

  it('draws tertiary roads from zoom 12, secondary from 8 and primary at every zoom', () => {
    const roads = styleFor('light', 'en').layers.filter((layer) => /^road-(minor|major|motorway)$/.test(layer.id));
    expect(roads).toHaveLength(3);
    const drawnBy = (zoom: number, properties: Record<string, string>) => roads.some((road) => keepsLine(road, zoom, properties));
    const at = (zoom: number, roadClass: string): boolean => drawnBy(zoom, { class: roadClass, brunnel: '' });
    expect([at(11, 'tertiary'), at(12, 'tertiary'), at(16, 'tertiary')]).toEqual([false, true, true]);
    expect([at(7, 'secondary'), at(8, 'secondary'), at(11, 'secondary')]).toEqual([false, true, true]);
    expect([at(11, 'minor'), at(12, 'minor'), at(14, 'service'), at(15, 'service')]).toEqual([false, true, false, true]);
    expect([at(5, 'primary'), at(5, 'motorway'), at(11, 'trunk')]).toEqual([true, true, true]);
    expect(drawnBy(14, { class: 'tertiary', brunnel: 'tunnel' }), 'tunnels are drawn by road-tunnel').toBe(false);
  });

  it('draws rivers and canals at every zoom, streams, ditches and drains from zoom 12', () => {
    const waterway = layerById(styleFor('light', 'en'), 'waterway');
    const at = (zoom: number, waterClass: string): boolean => keepsLine(waterway, zoom, { class: waterClass, brunnel: '' });
    expect([at(9, 'river'), at(9, 'canal'), at(11, 'stream'), at(11, 'ditch'), at(11, 'drain')]).toEqual([true, true, false, false, false]);
    expect([at(12, 'stream'), at(12, 'ditch'), at(12, 'drain')]).toEqual([true, true, true]);
    expect(keepsLine(waterway, 14, { class: 'river', brunnel: 'tunnel' })).toBe(false);
  });

  it('joins thin lines with mitres and keeps round joints where lines are wide enough to show them', () => {
    const style = styleFor('light', 'en');
    expect(layerById(style, 'boundary').layout).toMatchObject({ 'line-join': 'miter' });
    const waterway = layerById(style, 'waterway').layout as Record<string, unknown>;
    expect(waterway['line-join']).toEqual(['step', ['zoom'], 'miter', 14, 'round']);
    expect(waterway['line-cap']).toEqual(['step', ['zoom'], 'butt', 14, 'round']);
  });

  it.each(THEMES)('%s buildings are opaque from zoom 14, in the colour the translucent ones had over the land', (theme) => {
    const palette = PALETTES[theme];
    const paint = layerById(styleFor(theme, 'en'), 'building-3d').paint as Record<string, unknown>;
    expect(paint['fill-extrusion-opacity']).toEqual(['interpolate', ['linear'], ['zoom'], 13, 0, 14, 1]);
    expect(paint['fill-extrusion-color']).toBe(blendColors(palette.land, palette.building, palette.buildingOpacity));
    expect(paint['fill-extrusion-color']).not.toBe(palette.land);
    expect(paint['fill-extrusion-color']).not.toBe(palette.building);
  });

  /** Whether a paint value depends on the feature (MapLibre re-parses the source's tiles when such a value changes). */
  function isDataDriven(layerType: string, property: string, value: unknown): boolean {
    const spec = (latest as unknown as Record<string, Record<string, StylePropertySpecification>>)[`paint_${layerType}`]?.[property];
    if (!spec) throw new Error(`no paint property ${property} for ${layerType} layers`);
    const parsed = expression.createPropertyExpression(value, property, spec);
    if (parsed.result !== 'success') throw new Error(`${property}: ${JSON.stringify(parsed.value)}`);
    return parsed.value.kind === 'source' || parsed.value.kind === 'composite';
  }

  it('a light stage or theme change only sets paint values that no feature decides: no tile is parsed again', () => {
    const stageStyle = (stage: (typeof LIGHT_STAGES)[number]['id']) =>
      createBasemapStyle({ tilesUrl: TILES_URL, glyphsUrl: GLYPHS_URL, theme: 'light', stage, lang: 'ja' });
    const changes = [
      ...LIGHT_STAGES.slice(1).map((stage, i) => [stageStyle(LIGHT_STAGES[i].id), stageStyle(stage.id)] as const),
      [styleFor('light', 'en'), styleFor('dark', 'en')] as const,
    ];
    let paintChanges = 0;
    for (const [before, after] of changes) {
      const types = new Map(before.layers.map((layer) => [layer.id, layer.type]));
      for (const { command, args } of diff(before, after)) {
        if (command === 'setLight' || command === 'setSky') continue;
        expect(command, JSON.stringify(args).slice(0, 120)).toBe('setPaintProperty');
        const [layerId, property, value] = args as [string, string, unknown];
        const type = types.get(layerId)!;
        const old = (before.layers.find((layer) => layer.id === layerId) as { paint: Record<string, unknown> }).paint[property];
        expect(isDataDriven(type, property, value) || isDataDriven(type, property, old), `${layerId} ${property}`).toBe(false);
        paintChanges++;
      }
    }
    expect(paintChanges, 'colours do change between stages').toBeGreaterThan(changes.length * 10);
  });

  it('each road class is drawn by exactly one road layer per brunnel, in its group colour, bigger roads above', () => {
    const style = styleFor('light', 'en');
    const palette = PALETTES.light;
    const colours: Record<string, string> = { motorway: palette.roadMotorway, trunk: palette.roadMajor, tertiary: palette.roadMajor, minor: palette.roadMinor, service: palette.roadMinor };
    for (const brunnel of ['', 'bridge']) {
      const prefix = brunnel ? 'bridge-' : 'road-';
      const fills = style.layers.filter((layer) => new RegExp(`^${prefix}(minor|major|motorway)$`).test(layer.id));
      expect(fills.map((layer) => layer.id), 'bigger roads drawn above').toEqual([`${prefix}minor`, `${prefix}major`, `${prefix}motorway`]);
      const all = style.layers.filter((layer) => layer.id.startsWith(prefix) && layer.type === 'line' && !layer.id.endsWith('tunnel') && !layer.id.endsWith('path'));
      expect(all.map((layer) => layer.id), 'the casing first').toEqual([`${prefix}casing`, ...fills.map((layer) => layer.id)]);
      for (const [roadClass, colour] of Object.entries(colours)) {
        const drawing = fills.filter((layer) => keepsLine(layer, 16, { class: roadClass, brunnel }));
        expect(drawing.map((layer) => (layer.paint as Record<string, unknown>)['line-color']), roadClass).toEqual([colour]);
      }
    }
  });

  it('returns an independent object on every call', () => {
    const first = styleFor('light', 'ja');
    if (first.light) first.light.intensity = 1;
    (first.layers[1] as { paint: Record<string, unknown> }).paint['fill-color'] = '#ff0000';
    const second = styleFor('light', 'ja');
    expect(second.light?.intensity).toBeLessThan(0.5);
    expect((second.layers[1] as { paint: Record<string, unknown> }).paint['fill-color']).not.toBe('#ff0000');
  });

  it('exposes the first label layer id for inserting overlays below labels', () => {
    const ids = styleFor('light', 'ja').layers.map((layer) => layer.id);
    const first = ids.indexOf(BASEMAP_FIRST_LABEL_LAYER_ID);
    expect(first).toBeGreaterThan(0);
    const types = styleFor('light', 'ja').layers.map((layer) => layer.type);
    expect(types.slice(first).every((type) => type === 'symbol')).toBe(true);
    expect(types.slice(0, first)).not.toContain('symbol');
  });
});

describe('registerPmtilesProtocol', () => {
  it('registers the pmtiles protocol exactly once per maplibre module', () => {
    const addProtocol = vi.fn();
    const fakeMaplibre = { addProtocol } as unknown as typeof import('maplibre-gl');
    registerPmtilesProtocol(fakeMaplibre);
    registerPmtilesProtocol(fakeMaplibre);
    expect(addProtocol).toHaveBeenCalledTimes(1);
    expect(addProtocol.mock.calls[0]?.[0]).toBe('pmtiles');
    expect(typeof addProtocol.mock.calls[0]?.[1]).toBe('function');
  });
});
