/**
 * The base map: a calm, low-saturation MapLibre style over the OpenMapTiles (v3.11) vector tiles in
 * `tokyo.pmtiles`, meant to sit under brightly coloured transit lines. It draws no railways (the app
 * draws them), no POIs and no icons, references no sprite, and uses only the three bundled glyph
 * font stacks; kanji and kana come from the browser via MapLibre's `localIdeographFontFamily`.
 */
import type {
  ExpressionSpecification,
  FilterSpecification,
  LayerSpecification,
  StyleSpecification,
  SymbolLayerSpecification,
  VectorSourceSpecification,
} from 'maplibre-gl';
import { localizedNameExpression } from './languages.ts';
import { PALETTES, type BasemapPalette, type BasemapTheme } from './palettes.ts';
import type { LightStageId } from '../data/light/light-stages.ts';
import { stageById, stagePalette } from './stage-palette.ts';

export type { BasemapTheme } from './palettes.ts';

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

/** Id of the vector source in every style this module creates. */
export const BASEMAP_SOURCE_ID = 'openmaptiles';

/** Highest zoom stored in tokyo.pmtiles; MapLibre overzooms the z13 tiles beyond it. */
export const BASEMAP_SOURCE_MAX_ZOOM = 13;

/** Attribution required by the tiles' licence. */
export const BASEMAP_ATTRIBUTION = '© OpenMapTiles © OpenStreetMap contributors';

/** The only glyph font stacks served with the base map. */
export const BASEMAP_FONTS = {
  regular: 'Noto Sans Regular',
  medium: 'Noto Sans Medium',
  italic: 'Noto Sans Italic',
} as const;

/**
 * Recommended `localIdeographFontFamily` map option: the glyph PBFs have no CJK glyphs, so kanji,
 * kana and hangul are drawn with these locally installed fonts.
 */
export const RECOMMENDED_LOCAL_IDEOGRAPH_FONT_FAMILY = '"Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", sans-serif';

/**
 * Id of the lowest label layer. Layers added with this as `beforeId` (e.g. an interleaved deck.gl
 * overlay) are drawn above roads and buildings but below place names.
 */
export const BASEMAP_FIRST_LABEL_LAYER_ID = 'label-waterway';

/**
 * Height in metres given to buildings without `render_height`. The z13 building features in
 * tokyo.pmtiles carry no attributes at all, so today every building gets this height.
 */
export const DEFAULT_BUILDING_HEIGHT_M = 12;

/** Landuse classes tinted, by tint; residential/commercial/retail stay plain land. */
const PARK_LIKE_LANDUSE = ['park', 'cemetery', 'pitch', 'stadium', 'playground', 'zoo', 'theme_park', 'garden'];
const INSTITUTIONAL_LANDUSE = ['school', 'university', 'college', 'hospital', 'library'];
const INDUSTRIAL_LANDUSE = ['industrial', 'railway', 'garages'];

/** Road classes drawn as lines, widest first. Rail, transit, ferry and construction are left out. */
const ROAD_CLASSES = ['motorway', 'trunk', 'primary', 'secondary', 'tertiary', 'minor', 'service', 'track', 'raceway'];

/** Road line widths in pixels at zoom stops, per class group. */
const ROAD_WIDTH_STOPS: ReadonlyArray<{ zoom: number; motorway: number; major: number; medium: number; minor: number; service: number }> = [
  { zoom: 6, motorway: 0.5, major: 0.3, medium: 0, minor: 0, service: 0 },
  { zoom: 10, motorway: 1.2, major: 0.8, medium: 0.4, minor: 0, service: 0 },
  { zoom: 12, motorway: 2, major: 1.5, medium: 1, minor: 0.4, service: 0 },
  { zoom: 14, motorway: 4, major: 3.5, medium: 2.5, minor: 1.3, service: 0.6 },
  { zoom: 16, motorway: 9, major: 8, medium: 6, minor: 4, service: 2 },
  { zoom: 18, motorway: 22, major: 20, medium: 15, minor: 11, service: 6 },
];

/** Extra casing width (both sides together) in pixels at the same zoom stops. */
const CASING_EXTRA_BY_ZOOM: Readonly<Record<number, number>> = { 6: 0, 10: 0.4, 12: 0.8, 14: 1.5, 16: 2, 18: 3 };

const NAME_FIELD_PRESENT: ExpressionSpecification = ['has', 'name'];

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

/** `['match', ['get', 'class'], [...], true, false]` */
function classIn(classes: readonly string[]): ExpressionSpecification {
  return ['match', ['get', 'class'], [...classes], true, false];
}

function isLine(): ExpressionSpecification {
  return ['==', ['geometry-type'], 'LineString'];
}

function isPolygon(): ExpressionSpecification {
  return ['==', ['geometry-type'], 'Polygon'];
}

function notTunnel(): ExpressionSpecification {
  return ['!=', ['get', 'brunnel'], 'tunnel'];
}

/** Railway platforms are tagged as paths; the app draws stations itself. */
function notPlatform(): ExpressionSpecification {
  return ['!=', ['get', 'subclass'], 'platform'];
}

function groundLayers(palette: BasemapPalette): LayerSpecification[] {
  return [
    { id: 'background', type: 'background', paint: { 'background-color': palette.land } },
    {
      id: 'landcover',
      type: 'fill',
      source: BASEMAP_SOURCE_ID,
      'source-layer': 'landcover',
      filter: classIn(['wood', 'grass', 'farmland', 'wetland', 'sand']),
      paint: {
        'fill-color': [
          'match',
          ['get', 'class'],
          'wood',
          palette.wood,
          'grass',
          palette.grass,
          'farmland',
          palette.farmland,
          'wetland',
          palette.wetland,
          palette.sand,
        ],
        'fill-antialias': false,
      },
    },
    {
      id: 'park-protected',
      type: 'fill',
      source: BASEMAP_SOURCE_ID,
      'source-layer': 'park',
      filter: isPolygon(),
      paint: { 'fill-color': palette.protectedArea, 'fill-opacity': palette.protectedAreaOpacity },
    },
    {
      id: 'landuse',
      type: 'fill',
      source: BASEMAP_SOURCE_ID,
      'source-layer': 'landuse',
      minzoom: 10,
      filter: classIn([...PARK_LIKE_LANDUSE, ...INSTITUTIONAL_LANDUSE, ...INDUSTRIAL_LANDUSE]),
      paint: {
        'fill-color': [
          'match',
          ['get', 'class'],
          PARK_LIKE_LANDUSE,
          palette.park,
          INSTITUTIONAL_LANDUSE,
          palette.institutional,
          palette.industrial,
        ],
        'fill-opacity': ['interpolate', ['linear'], ['zoom'], 10, 0, 12, 1],
      },
    },
  ];
}

function waterLayers(palette: BasemapPalette): LayerSpecification[] {
  return [
    {
      id: 'waterway',
      type: 'line',
      source: BASEMAP_SOURCE_ID,
      'source-layer': 'waterway',
      filter: ['all', notTunnel(), classIn(['river', 'canal', 'stream', 'ditch', 'drain'])],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: {
        'line-color': palette.waterway,
        'line-width': [
          'interpolate',
          ['exponential', 1.4],
          ['zoom'],
          8,
          ['match', ['get', 'class'], ['river', 'canal'], 0.6, 0],
          13,
          ['match', ['get', 'class'], ['river', 'canal'], 1.6, 0.6],
          18,
          ['match', ['get', 'class'], ['river', 'canal'], 10, 3],
        ],
      },
    },
    {
      id: 'water',
      type: 'fill',
      source: BASEMAP_SOURCE_ID,
      'source-layer': 'water',
      filter: notTunnel(),
      paint: { 'fill-color': palette.water },
    },
  ];
}

/** Prefecture and city/ward borders; drawn below water so borders running through the bay stay hidden. */
function boundaryLayer(palette: BasemapPalette): LayerSpecification {
  const prefecture: ExpressionSpecification = ['==', ['get', 'admin_level'], 4];
  const cityOrWard: ExpressionSpecification = ['all', ['==', ['get', 'admin_level'], 7], ['>=', ['zoom'], 10]];
  return {
    id: 'boundary',
    type: 'line',
    source: BASEMAP_SOURCE_ID,
    'source-layer': 'boundary',
    filter: ['all', ['==', ['get', 'maritime'], 0], ['any', prefecture, cityOrWard]],
    layout: { 'line-join': 'round' },
    paint: {
      'line-color': palette.boundary,
      'line-dasharray': [3, 2],
      'line-opacity': ['interpolate', ['linear'], ['zoom'], 8, 0.7, 15, 0.35],
      'line-width': ['interpolate', ['linear'], ['zoom'], 6, 0.6, 12, 1, 16, 1.5],
    },
  };
}

function aerowayLayers(palette: BasemapPalette): LayerSpecification[] {
  return [
    {
      id: 'aeroway-area',
      type: 'fill',
      source: BASEMAP_SOURCE_ID,
      'source-layer': 'aeroway',
      minzoom: 11,
      filter: ['all', isPolygon(), classIn(['apron', 'runway', 'taxiway', 'helipad'])],
      paint: { 'fill-color': palette.aeroway },
    },
    {
      id: 'aeroway-line',
      type: 'line',
      source: BASEMAP_SOURCE_ID,
      'source-layer': 'aeroway',
      minzoom: 10,
      filter: ['all', isLine(), classIn(['runway', 'taxiway'])],
      paint: {
        'line-color': palette.aeroway,
        'line-width': [
          'interpolate',
          ['exponential', 1.5],
          ['zoom'],
          10,
          ['match', ['get', 'class'], 'runway', 1, 0.3],
          16,
          ['match', ['get', 'class'], 'runway', 40, 8],
        ],
      },
    },
  ];
}

/** Line width expression for roads; `withCasing` adds the casing margin at each stop. */
function roadWidth(withCasing: boolean): ExpressionSpecification {
  const stops = ROAD_WIDTH_STOPS.flatMap((stop) => {
    const extra = withCasing ? (CASING_EXTRA_BY_ZOOM[stop.zoom] ?? 0) : 0;
    const width = (base: number): number => (base > 0 ? base + extra : 0);
    const byClass: ExpressionSpecification = [
      'match',
      ['get', 'class'],
      'motorway',
      width(stop.motorway),
      ['trunk', 'primary'],
      width(stop.major),
      ['secondary', 'tertiary'],
      width(stop.medium),
      ['minor', 'raceway'],
      width(stop.minor),
      width(stop.service),
    ];
    return [stop.zoom, byClass];
  });
  return ['interpolate', ['exponential', 1.5], ['zoom'], ...stops];
}

/** Road casings from this zoom (below it a casing is a pixel or two wide and would double the roads' vertices). */
const CASING_MIN_ZOOM = 15;

/** From this zoom roads have round joints and ends (below it mitred joints and flat ends: far fewer vertices). */
const ROUND_ROAD_ENDS_ZOOM = 15;

/**
 * Leaves out roads thinner than about half a pixel (service roads: a pixel) at the tile's zoom (their width interpolates up from 0
 * at the stop before they show, see ROAD_WIDTH_STOPS): they would be tessellated and drawn for nothing.
 */
function roadShownAtZoom(): ExpressionSpecification {
  return [
    'match',
    ['get', 'class'],
    ['service', 'track'],
    ['>=', ['zoom'], 15],
    ['minor', 'raceway'],
    ['>=', ['zoom'], 12],
    ['secondary', 'tertiary'],
    ['>=', ['zoom'], 8],
    true,
  ];
}

/** Draw order inside one road layer: bigger roads above smaller ones. */
function roadSortKey(): ExpressionSpecification {
  return ['match', ['get', 'class'], 'motorway', 5, 'trunk', 4, 'primary', 4, 'secondary', 3, 'tertiary', 3, 'minor', 2, 1];
}

function roadColor(palette: BasemapPalette): ExpressionSpecification {
  return [
    'match',
    ['get', 'class'],
    'motorway',
    palette.roadMotorway,
    ['trunk', 'primary', 'secondary', 'tertiary'],
    palette.roadMajor,
    palette.roadMinor,
  ];
}

function roadLineLayer(
  id: string,
  palette: BasemapPalette,
  brunnelFilter: ExpressionSpecification,
  part: 'casing' | 'fill',
): LayerSpecification {
  const casing = part === 'casing';
  return {
    id,
    type: 'line',
    source: BASEMAP_SOURCE_ID,
    'source-layer': 'transportation',
    minzoom: casing ? CASING_MIN_ZOOM : 5,
    filter: ['all', isLine(), classIn(ROAD_CLASSES), brunnelFilter, roadShownAtZoom()],
    // Round joins and caps cost MapLibre many vertices at every joint of every road (most of the base map's vertices
    // in a tilted view); below zoom 15 roads are too thin for the difference to show.
    layout: {
      'line-cap': ['step', ['zoom'], 'butt', ROUND_ROAD_ENDS_ZOOM, 'round'],
      'line-join': ['step', ['zoom'], 'miter', ROUND_ROAD_ENDS_ZOOM, 'round'],
      'line-sort-key': roadSortKey(),
    },
    paint: {
      'line-color': casing ? palette.roadCasing : roadColor(palette),
      'line-width': roadWidth(casing),
    },
  };
}

function roadLayers(palette: BasemapPalette): LayerSpecification[] {
  const onGround: ExpressionSpecification = ['match', ['get', 'brunnel'], ['tunnel', 'bridge'], false, true];
  const onBridge: ExpressionSpecification = ['==', ['get', 'brunnel'], 'bridge'];
  return [
    {
      id: 'road-tunnel',
      type: 'line',
      source: BASEMAP_SOURCE_ID,
      'source-layer': 'transportation',
      minzoom: 12,
      filter: ['all', isLine(), classIn(ROAD_CLASSES), ['==', ['get', 'brunnel'], 'tunnel']],
      layout: { 'line-join': 'round' },
      paint: { 'line-color': palette.roadTunnel, 'line-width': roadWidth(false), 'line-opacity': 0.7 },
    },
    {
      id: 'road-area',
      type: 'fill',
      source: BASEMAP_SOURCE_ID,
      'source-layer': 'transportation',
      minzoom: 13,
      filter: ['all', isPolygon(), classIn(['bridge', 'pier', 'path']), notPlatform()],
      paint: { 'fill-color': palette.roadMinor, 'fill-opacity': 0.8 },
    },
    {
      id: 'road-path',
      type: 'line',
      source: BASEMAP_SOURCE_ID,
      'source-layer': 'transportation',
      minzoom: 15,
      filter: ['all', isLine(), classIn(['path', 'pier']), notTunnel(), notPlatform()],
      paint: {
        'line-color': palette.path,
        'line-dasharray': [2, 1.5],
        'line-width': ['interpolate', ['linear'], ['zoom'], 15, 0.6, 18, 1.6],
      },
    },
    roadLineLayer('road-casing', palette, onGround, 'casing'),
    roadLineLayer('road', palette, onGround, 'fill'),
    roadLineLayer('bridge-casing', palette, onBridge, 'casing'),
    roadLineLayer('bridge', palette, onBridge, 'fill'),
  ];
}

function buildingLayer(palette: BasemapPalette, visible: boolean): LayerSpecification {
  const height: ExpressionSpecification = ['coalesce', ['get', 'render_height'], DEFAULT_BUILDING_HEIGHT_M];
  const base: ExpressionSpecification = ['coalesce', ['get', 'render_min_height'], 0];
  return {
    id: 'building-3d',
    type: 'fill-extrusion',
    source: BASEMAP_SOURCE_ID,
    'source-layer': 'building',
    minzoom: 13,
    filter: ['!=', ['get', 'hide_3d'], true],
    layout: { visibility: visible ? 'visible' : 'none' },
    paint: {
      'fill-extrusion-color': palette.building,
      'fill-extrusion-height': ['interpolate', ['linear'], ['zoom'], 13, 0, 14.5, height],
      'fill-extrusion-base': ['interpolate', ['linear'], ['zoom'], 13, 0, 14.5, base],
      'fill-extrusion-opacity': ['interpolate', ['linear'], ['zoom'], 13, 0, 14, palette.buildingOpacity],
      'fill-extrusion-vertical-gradient': true,
    },
  };
}

/** Shared layout/paint of every text label. */
function textLabel(
  id: string,
  sourceLayer: string,
  palette: BasemapPalette,
  spec: {
    name: ExpressionSpecification;
    filter: FilterSpecification;
    minzoom: number;
    maxzoom?: number;
    font: string;
    size: ExpressionSpecification | number;
    color: string;
    placement?: 'point' | 'line';
    sortKey?: ExpressionSpecification;
  },
): SymbolLayerSpecification {
  const layer: SymbolLayerSpecification = {
    id,
    type: 'symbol',
    source: BASEMAP_SOURCE_ID,
    'source-layer': sourceLayer,
    minzoom: spec.minzoom,
    filter: spec.filter,
    layout: {
      'text-field': spec.name,
      'text-font': [spec.font],
      'text-size': spec.size,
      'text-max-width': 8,
      'symbol-placement': spec.placement ?? 'point',
      ...(spec.placement === 'line' ? { 'symbol-spacing': 400, 'text-max-angle': 30 } : {}),
      ...(spec.sortKey ? { 'symbol-sort-key': spec.sortKey } : {}),
    },
    paint: {
      'text-color': spec.color,
      'text-halo-color': palette.labelHalo,
      'text-halo-width': 1.4,
      'text-halo-blur': 0.4,
    },
  };
  if (spec.maxzoom !== undefined) layer.maxzoom = spec.maxzoom;
  return layer;
}

function labelLayers(palette: BasemapPalette, name: ExpressionSpecification): SymbolLayerSpecification[] {
  const rank: ExpressionSpecification = ['coalesce', ['get', 'rank'], 99];
  return [
    textLabel(BASEMAP_FIRST_LABEL_LAYER_ID, 'waterway', palette, {
      name,
      filter: ['all', NAME_FIELD_PRESENT, classIn(['river', 'canal']), notTunnel()],
      minzoom: 13,
      font: BASEMAP_FONTS.italic,
      size: ['interpolate', ['linear'], ['zoom'], 13, 10.5, 17, 13],
      color: palette.labelWater,
      placement: 'line',
    }),
    textLabel('label-water', 'water_name', palette, {
      name,
      filter: NAME_FIELD_PRESENT,
      minzoom: 9,
      font: BASEMAP_FONTS.italic,
      size: 12,
      color: palette.labelWater,
    }),
    textLabel('label-road', 'transportation_name', palette, {
      name,
      filter: [
        'all',
        NAME_FIELD_PRESENT,
        [
          'any',
          classIn(['motorway', 'trunk', 'primary']),
          ['all', classIn(['secondary', 'tertiary']), ['>=', ['zoom'], 15]],
          ['all', ['==', ['get', 'class'], 'minor'], ['>=', ['zoom'], 16.5]],
        ],
      ],
      // From 15, not 14: at the default view (zoom 14, pitch 60) road names along their roads cost about a quarter
      // of the frame rate while the camera turns (measured under software WebGL), behind the station names anyway.
      minzoom: 15,
      font: BASEMAP_FONTS.regular,
      size: ['interpolate', ['linear'], ['zoom'], 14, 10, 18, 12.5],
      color: palette.labelRoad,
      placement: 'line',
    }),
    textLabel('label-airport', 'aerodrome_label', palette, {
      name,
      filter: ['all', NAME_FIELD_PRESENT, classIn(['international', 'public'])],
      minzoom: 10,
      font: BASEMAP_FONTS.regular,
      size: 11.5,
      color: palette.labelPlaceMinor,
    }),
    // Hamlets in these tiles are chōme (their name:ja is just "一丁目"); keep only those named like a
    // neighbourhood (name:ja equal to name, e.g. 蓮沼町), and islands with a real name (月島, 佃島).
    textLabel('label-neighbourhood', 'place', palette, {
      name,
      filter: [
        'any',
        ['all', ['==', ['get', 'class'], 'hamlet'], ['==', ['get', 'name:ja'], ['get', 'name']]],
        ['all', ['==', ['get', 'class'], 'island'], ['has', 'name:ja']],
      ],
      minzoom: 14,
      font: BASEMAP_FONTS.regular,
      size: ['interpolate', ['linear'], ['zoom'], 14, 10.5, 17, 12.5],
      color: palette.labelPlaceMinor,
      sortKey: rank,
    }),
    textLabel('label-suburb', 'place', palette, {
      name,
      filter: classIn(['suburb', 'quarter', 'neighbourhood']),
      minzoom: 12,
      font: BASEMAP_FONTS.regular,
      size: ['interpolate', ['linear'], ['zoom'], 12, 11, 16, 13.5],
      color: palette.labelPlaceMinor,
      sortKey: rank,
    }),
    textLabel('label-town', 'place', palette, {
      name,
      filter: classIn(['town', 'village']),
      minzoom: 10,
      font: BASEMAP_FONTS.regular,
      size: ['interpolate', ['linear'], ['zoom'], 10, 11, 14, 13],
      color: palette.labelPlace,
      sortKey: rank,
    }),
    textLabel('label-city', 'place', palette, {
      name,
      filter: ['all', ['==', ['get', 'class'], 'city'], ['>', rank, 8]],
      minzoom: 9,
      maxzoom: 16,
      font: BASEMAP_FONTS.medium,
      size: ['interpolate', ['linear'], ['zoom'], 9, 11, 12, 13.5, 15, 15],
      color: palette.labelPlace,
      sortKey: rank,
    }),
    textLabel('label-city-major', 'place', palette, {
      name,
      filter: ['all', ['==', ['get', 'class'], 'city'], ['<=', rank, 8]],
      minzoom: 4,
      maxzoom: 13,
      font: BASEMAP_FONTS.medium,
      size: ['interpolate', ['linear'], ['zoom'], 4, 12, 10, 17],
      color: palette.labelPlace,
      sortKey: rank,
    }),
  ];
}
