/**
 * Names and numbers shared by the base map's style and its layers: the vector source, its zoom range and
 * attribution, the glyph font stacks and the building height.
 *
 * @module
 */

/** Id of the vector source in every style this module creates. */
export const BASEMAP_SOURCE_ID = 'openmaptiles';

/**
 * Highest zoom stored in tokyo.pmtiles. Beyond it MapLibre 6 cuts each z13 tile into the tiles in view of the next
 * four zooms (its `zoomLevelsToOverscale` default, kept): the default view (z14) loads 27 quarters of 10 tiles.
 * Overscaling whole tiles instead loaded 10, but drew the network's first frame 0.6 s later in
 * `npm run bench -- --only load` (29 Nov 2026): whole tiles bring more of the base map to the main thread at once.
 */
export const BASEMAP_SOURCE_MAX_ZOOM = 13;

/** Attribution required by the tiles' licence (HTML, as MapLibre shows it): each name links to its source's terms. */
export const BASEMAP_ATTRIBUTION =
  '<a href="https://openmaptiles.org/" target="_blank" rel="noopener">© OpenMapTiles</a> ' +
  '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">© OpenStreetMap contributors</a>';

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
