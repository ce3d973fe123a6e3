import { type TrackStyle } from '../layers/track-uniforms.ts';
import { COMMON_UNITS_PER_MERCATOR_METRE, TRACK_DEPTH_METRES, TRACK_SPACING_METRES } from '../data/geometry/track-units.ts';
import type { Theme, ViewMode } from '../store.ts';

/** Track drawing parameters for a view mode: the other level is kept faint. */
export function trackStyle(viewMode: ViewMode): TrackStyle {
  return {
    spacing: TRACK_SPACING_METRES * COMMON_UNITS_PER_MERCATOR_METRE,
    depth: TRACK_DEPTH_METRES,
    groundOpacity: viewMode === 'ground' ? 1 : 0.18,
    undergroundOpacity: viewMode === 'ground' ? 0.3 : 1,
    minWidthPixels: 1.5,
  };
}

/** Station colours per theme. */
export function stationColors(theme: Theme) {
  return theme === 'dark'
    ? { fill: [250, 250, 250, 255], outline: [20, 22, 28, 255], text: [236, 238, 242, 255], halo: [16, 20, 28, 235] }
    : { fill: [255, 255, 255, 255], outline: [35, 35, 40, 255], text: [28, 28, 32, 255], halo: [255, 255, 255, 235] };
}
