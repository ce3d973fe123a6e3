/**
 * The base map's place, water and road names, in the interface language.
 *
 * @module
 */
import type { ExpressionSpecification, FilterSpecification, SymbolLayerSpecification } from 'maplibre-gl';
import type { BasemapPalette } from './palettes.ts';
import { BASEMAP_FIRST_LABEL_LAYER_ID, BASEMAP_FONTS, BASEMAP_SOURCE_ID } from './style-constants.ts';
import { classIn, notTunnel } from './style-filters.ts';

const NAME_FIELD_PRESENT: ExpressionSpecification = ['has', 'name'];

/** What differs between the text labels. */
interface TextLabelSpec {
  name: ExpressionSpecification;
  filter: FilterSpecification;
  minzoom: number;
  maxzoom?: number;
  font: string;
  size: ExpressionSpecification | number;
  color: string;
  placement?: 'point' | 'line';
  sortKey?: ExpressionSpecification;
}

/** Shared layout/paint of every text label. */
function textLabel(
  id: string,
  sourceLayer: string,
  palette: BasemapPalette,
  spec: TextLabelSpec,
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

/** Water, road, airport and place names in `name` (the interface language's name expression); larger places later, so on top. */
export function labelLayers(palette: BasemapPalette, name: ExpressionSpecification): SymbolLayerSpecification[] {
  const rank: ExpressionSpecification = ['coalesce', ['get', 'rank'], 99];
  const place = (id: string, spec: Omit<TextLabelSpec, 'name' | 'sortKey'>) => textLabel(id, 'place', palette, { ...spec, name, sortKey: rank });
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
    place('label-neighbourhood', {
      filter: [
        'any',
        ['all', ['==', ['get', 'class'], 'hamlet'], ['==', ['get', 'name:ja'], ['get', 'name']]],
        ['all', ['==', ['get', 'class'], 'island'], ['has', 'name:ja']],
      ],
      minzoom: 14,
      font: BASEMAP_FONTS.regular,
      size: ['interpolate', ['linear'], ['zoom'], 14, 10.5, 17, 12.5],
      color: palette.labelPlaceMinor,
    }),
    place('label-suburb', {
      filter: classIn(['suburb', 'quarter', 'neighbourhood']),
      minzoom: 12,
      font: BASEMAP_FONTS.regular,
      size: ['interpolate', ['linear'], ['zoom'], 12, 11, 16, 13.5],
      color: palette.labelPlaceMinor,
    }),
    place('label-town', {
      filter: classIn(['town', 'village']),
      minzoom: 10,
      font: BASEMAP_FONTS.regular,
      size: ['interpolate', ['linear'], ['zoom'], 10, 11, 14, 13],
      color: palette.labelPlace,
    }),
    place('label-city', {
      filter: ['all', ['==', ['get', 'class'], 'city'], ['>', rank, 8]],
      minzoom: 9,
      maxzoom: 16,
      font: BASEMAP_FONTS.medium,
      size: ['interpolate', ['linear'], ['zoom'], 9, 11, 12, 13.5, 15, 15],
      color: palette.labelPlace,
    }),
    place('label-city-major', {
      filter: ['all', ['==', ['get', 'class'], 'city'], ['<=', rank, 8]],
      minzoom: 4,
      maxzoom: 13,
      font: BASEMAP_FONTS.medium,
      size: ['interpolate', ['linear'], ['zoom'], 4, 12, 10, 17],
      color: palette.labelPlace,
    }),
  ];
}
