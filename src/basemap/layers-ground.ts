/**
 * The base map's ground: land, landcover and landuse, water, boundaries, airports and the 3D buildings.
 *
 * @module
 */
import type { ExpressionSpecification, FillLayerSpecification, LayerSpecification } from 'maplibre-gl';
import { blendColors } from '../data/light/color.ts';
import type { BasemapPalette } from './palettes.ts';
import { BASEMAP_SOURCE_ID, DEFAULT_BUILDING_HEIGHT_M } from './style-constants.ts';
import { classIn, isLine, isPolygon, notTunnel, type ClassColor } from './style-filters.ts';

/** Landuse classes tinted, by tint; residential/commercial/retail stay plain land. */
const PARK_LIKE_LANDUSE = ['park', 'cemetery', 'pitch', 'stadium', 'playground', 'zoo', 'theme_park', 'garden'];
const INSTITUTIONAL_LANDUSE = ['school', 'university', 'college', 'hospital', 'library'];
const INDUSTRIAL_LANDUSE = ['industrial', 'railway', 'garages'];

/**
 * One fill layer per colour, each colour a constant: a light-stage change then only sets paint values. A colour
 * chosen by a feature's class (`['match', ['get', 'class'], …]`) is data-driven, and MapLibre re-parses every tile of
 * the source and empties its cache of tiles out of view whenever a data-driven paint value changes.
 */
function classFills(
  id: string,
  sourceLayer: string,
  groups: readonly ClassColor[],
  options: { minzoom?: number; opacity?: ExpressionSpecification; antialias?: boolean },
): FillLayerSpecification[] {
  const { minzoom, opacity, antialias } = options;
  return groups.map(([name, classes, color]) => ({
    id: `${id}-${name}`,
    type: 'fill',
    source: BASEMAP_SOURCE_ID,
    'source-layer': sourceLayer,
    ...(minzoom !== undefined ? { minzoom } : {}),
    filter: classIn(classes),
    paint: {
      'fill-color': color,
      ...(opacity !== undefined ? { 'fill-opacity': opacity } : {}),
      ...(antialias !== undefined ? { 'fill-antialias': antialias } : {}),
    },
  }));
}

/** The background land colour, landcover (wood, grass, farmland, wetland, sand) and tinted landuse. */
export function groundLayers(palette: BasemapPalette): LayerSpecification[] {
  return [
    { id: 'background', type: 'background', paint: { 'background-color': palette.land } },
    ...classFills(
      'landcover',
      'landcover',
      [
        ['wood', ['wood'], palette.wood],
        ['grass', ['grass'], palette.grass],
        ['farmland', ['farmland'], palette.farmland],
        ['wetland', ['wetland'], palette.wetland],
        ['sand', ['sand'], palette.sand],
      ],
      { antialias: false },
    ),
    {
      id: 'park-protected',
      type: 'fill',
      source: BASEMAP_SOURCE_ID,
      'source-layer': 'park',
      filter: isPolygon(),
      paint: { 'fill-color': palette.protectedArea, 'fill-opacity': palette.protectedAreaOpacity },
    },
    ...classFills(
      'landuse',
      'landuse',
      [
        ['park', PARK_LIKE_LANDUSE, palette.park],
        ['institutional', INSTITUTIONAL_LANDUSE, palette.institutional],
        ['industrial', INDUSTRIAL_LANDUSE, palette.industrial],
      ],
      { minzoom: 10, opacity: ['interpolate', ['linear'], ['zoom'], 10, 0, 12, 1] },
    ),
  ];
}

/** Water areas and waterways (rivers and canals, not in tunnels). */
export function waterLayers(palette: BasemapPalette): LayerSpecification[] {
  return [
    {
      id: 'waterway',
      type: 'line',
      source: BASEMAP_SOURCE_ID,
      'source-layer': 'waterway',
      // Streams, ditches and drains are under a third of a pixel wide below zoom 12: not tessellated there.
      filter: ['all', notTunnel(), ['any', classIn(['river', 'canal']), ['all', classIn(['stream', 'ditch', 'drain']), ['>=', ['zoom'], 12]]]],
      // Round joints and ends only from zoom 14, where rivers are wide enough to show them (they multiply the vertices).
      layout: { 'line-cap': ['step', ['zoom'], 'butt', 14, 'round'], 'line-join': ['step', ['zoom'], 'miter', 14, 'round'] },
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
export function boundaryLayer(palette: BasemapPalette): LayerSpecification {
  const prefecture: ExpressionSpecification = ['==', ['get', 'admin_level'], 4];
  const cityOrWard: ExpressionSpecification = ['all', ['==', ['get', 'admin_level'], 7], ['>=', ['zoom'], 10]];
  return {
    id: 'boundary',
    type: 'line',
    source: BASEMAP_SOURCE_ID,
    'source-layer': 'boundary',
    filter: ['all', ['==', ['get', 'maritime'], 0], ['any', prefecture, cityOrWard]],
    // Mitred joints: round ones cost many vertices at every bend of a border, and on a line one or two pixels wide they look the same.
    layout: { 'line-join': 'miter' },
    paint: {
      'line-color': palette.boundary,
      'line-dasharray': [3, 2],
      'line-opacity': ['interpolate', ['linear'], ['zoom'], 8, 0.7, 15, 0.35],
      'line-width': ['interpolate', ['linear'], ['zoom'], 6, 0.6, 12, 1, 16, 1.5],
    },
  };
}

/** Airport areas, runways and taxiways. */
export function aerowayLayers(palette: BasemapPalette): LayerSpecification[] {
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

/** The 3D buildings from zoom 13, rising between zooms 13 and 14.5; hidden when `visible` is false. */
export function buildingLayer(palette: BasemapPalette, visible: boolean): LayerSpecification {
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
      // Opaque from zoom 14, in the colour the translucent building had over plain land: MapLibre draws translucent
      // extrusions twice (depth, then colour), and buildings were the most vertices per frame in a tilted zoom-14 view.
      'fill-extrusion-color': blendColors(palette.land, palette.building, palette.buildingOpacity),
      'fill-extrusion-height': ['interpolate', ['linear'], ['zoom'], 13, 0, 14.5, height],
      'fill-extrusion-base': ['interpolate', ['linear'], ['zoom'], 13, 0, 14.5, base],
      'fill-extrusion-opacity': ['interpolate', ['linear'], ['zoom'], 13, 0, 14, 1],
      'fill-extrusion-vertical-gradient': true,
    },
  };
}
