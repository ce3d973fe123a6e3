/** Where stations are drawn on the page's map, from the real data set (decoded as the app decodes it). */
import type { Page } from '@playwright/test';
import { anchorPosition, buildStationGeometry } from '../../../src/layers/station-geometry.ts';
import { trackStyle } from '../../../src/ui/track-style.ts';
import { loadRealData } from '../../unit/fixtures/real-data.ts';
import type {} from './map-page.ts'; // `window.map`

/** Where a station's physical station is drawn at a zoom (its shape's centre, offset like the drawing), in the ground view. */
export async function stationOnScreen(page: Page, stationId: string, zoom: number): Promise<{ x: number; y: number }> {
  const { network } = loadRealData();
  const station = network.stationIndex.get(stationId)!;
  const anchor = buildStationGeometry(network).anchors[network.meta.stations[station].shape];
  const position = anchorPosition(anchor, trackStyle('ground'), zoom);
  return page.evaluate(([lng, lat, altitude]) => window.map.project([lng, lat], altitude), position);
}
