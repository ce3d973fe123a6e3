/**
 * The base map's roads: widths by class and zoom, casings from zoom 15, bridges over the ground roads.
 *
 * @module
 */
import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import type { BasemapPalette } from './palettes.ts';
import { BASEMAP_SOURCE_ID } from './style-constants.ts';
import { classIn, isLine, isPolygon, notPlatform, notTunnel, type ClassColor } from './style-filters.ts';

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
 * at the stop before they show, see ROAD_WIDTH_STOPS): they would be tessellated and drawn for nothing. Tertiary roads (about
 * 0.6 px in a zoom-11 tile) start at zoom 12: in a tilted zoom-11 view the tiles reach tens of kilometres towards the horizon, and
 * their tertiary roads were half of all the vertices the base map drew per frame while the camera turned.
 */
function roadShownAtZoom(): ExpressionSpecification {
  return [
    'match',
    ['get', 'class'],
    ['service', 'track'],
    ['>=', ['zoom'], 15],
    ['minor', 'raceway', 'tertiary'],
    ['>=', ['zoom'], 12],
    'secondary',
    ['>=', ['zoom'], 8],
    true,
  ];
}

/** Draw order inside one road layer: bigger roads above smaller ones. */
function roadSortKey(): ExpressionSpecification {
  return ['match', ['get', 'class'], 'motorway', 5, 'trunk', 4, 'primary', 4, 'secondary', 3, 'tertiary', 3, 'minor', 2, 1];
}

/**
 * Road colours by class group, drawn in this order (each group's classes have lower sort keys than the next group's,
 * so the order of one layer with a sort key is kept). One layer per colour keeps every colour a constant: a
 * class-dependent colour is data-driven, and MapLibre re-parses every tile whenever a data-driven paint value
 * changes, which it does at each light stage.
 */
function roadColorGroups(palette: BasemapPalette): readonly ClassColor[] {
  return [
    ['minor', ['minor', 'service', 'track', 'raceway'], palette.roadMinor],
    ['major', ['trunk', 'primary', 'secondary', 'tertiary'], palette.roadMajor],
    ['motorway', ['motorway'], palette.roadMotorway],
  ];
}

function roadLineLayer(
  id: string,
  brunnelFilter: ExpressionSpecification,
  part: 'casing' | 'fill',
  classes: readonly string[],
  color: string,
): LayerSpecification {
  const casing = part === 'casing';
  return {
    id,
    type: 'line',
    source: BASEMAP_SOURCE_ID,
    'source-layer': 'transportation',
    minzoom: casing ? CASING_MIN_ZOOM : 5,
    filter: ['all', isLine(), classIn(classes), brunnelFilter, roadShownAtZoom()],
    // Round joins and caps cost MapLibre many vertices at every joint of every road (most of the base map's vertices
    // in a tilted view); below zoom 15 roads are too thin for the difference to show.
    layout: {
      'line-cap': ['step', ['zoom'], 'butt', ROUND_ROAD_ENDS_ZOOM, 'round'],
      'line-join': ['step', ['zoom'], 'miter', ROUND_ROAD_ENDS_ZOOM, 'round'],
      'line-sort-key': roadSortKey(),
    },
    paint: { 'line-color': color, 'line-width': roadWidth(casing) },
  };
}

/** The casing of every road class, then the roads in one layer per colour group (`road-minor`, `road-major`, …). */
function roadLines(id: string, palette: BasemapPalette, brunnelFilter: ExpressionSpecification): LayerSpecification[] {
  return [
    roadLineLayer(`${id}-casing`, brunnelFilter, 'casing', ROAD_CLASSES, palette.roadCasing),
    ...roadColorGroups(palette).map(([name, classes, color]) => roadLineLayer(`${id}-${name}`, brunnelFilter, 'fill', classes, color)),
  ];
}

/** Tunnels (faint), road areas and paths, ground roads with their casings, then bridges with theirs (drawn over the ground roads). */
export function roadLayers(palette: BasemapPalette): LayerSpecification[] {
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
    ...roadLines('road', palette, onGround),
    ...roadLines('bridge', palette, onBridge),
  ];
}
