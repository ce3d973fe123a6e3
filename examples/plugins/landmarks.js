/**
 * A plugin that marks landmarks of central Tokyo with a named dot, drawn by a GeoJSON layer.
 * It shows on the ground only, and not while the route search panels are open.
 *
 * Usage: `new Map({container: 'map', plugins: [landmarks()]})` or `map.addPlugin(landmarks())`.
 */
const LANDMARKS = [
  { en: 'Tokyo Tower', ja: '東京タワー', lngLat: [139.7454, 35.6586] },
  { en: 'Imperial Palace', ja: '皇居', lngLat: [139.7528, 35.6852] },
  { en: 'Tokyo Station Marunouchi Building', ja: '東京駅丸の内駅舎', lngLat: [139.7649, 35.6812] },
  { en: 'Kabukiza', ja: '歌舞伎座', lngLat: [139.7677, 35.6695] },
  { en: 'Nihonbashi Bridge', ja: '日本橋', lngLat: [139.7744, 35.6840] },
];

const STAR = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath d='M12 2l3 7h7l-5.5 4.5L18.5 21 12 16.5 5.5 21l2-7.5L2 9h7z' fill='%23e8710a'/%3E%3C/svg%3E";

/** @param {{ lang?: 'en' | 'ja', log?: (entry: string) => void }} [options] */
export function landmarks({ lang = 'en', log = () => {} } = {}) {
  let map = null;
  let enabled = false;
  let visible = true;
  const layer = () => ({
    id: 'landmarks',
    type: 'geojson',
    data: {
      type: 'FeatureCollection',
      features: LANDMARKS.map((l) => ({ type: 'Feature', properties: { name: l[lang] ?? l.en }, geometry: { type: 'Point', coordinates: l.lngLat } })),
    },
    pointType: 'circle+text',
    getFillColor: [232, 113, 10],
    getLineColor: [255, 255, 255],
    lineWidthMinPixels: 2,
    getPointRadius: 40,
    pointRadiusMinPixels: 7,
    getText: (f) => f.properties.name,
    getTextSize: 14,
    getTextColor: [232, 113, 10],
    getTextPixelOffset: [0, -18],
    textFontFamily: 'Noto Sans, Helvetica, Arial, sans-serif',
    textFontWeight: 700,
    textOutlineWidth: 4,
    textOutlineColor: [255, 255, 255],
    textFontSettings: { sdf: true },
  });
  return {
    id: 'landmarks',
    name: { en: 'Landmarks', ja: 'ランドマーク' },
    iconStyle: `background-image: url("${STAR}")`,
    enabled: true,
    viewModes: ['ground'],
    searchModes: ['none'],
    onAdd(m) {
      map = m;
      log('onAdd');
    },
    onEnabled() {
      enabled = true;
      map.addLayer(layer());
      if (!visible) map.setLayerVisibility('landmarks', 'none');
      log('onEnabled');
    },
    onDisabled() {
      enabled = false;
      map.removeLayer('landmarks');
      log('onDisabled');
    },
    onVisibilityChanged(shown) {
      visible = shown;
      // The layer is on the map only while the plugin is enabled.
      if (enabled) map.setLayerVisibility('landmarks', shown ? 'visible' : 'none');
      log(`onVisibilityChanged ${shown}`);
    },
    onRemove() {
      log('onRemove');
      map = null;
    },
  };
}
