/**
 * Where a journey's legs run on the drawn track: for each leg, the track
 * vertices of its railway from the boarding to the alighting station, through
 * every stop in between, so a map layer can draw the leg on its line's own
 * lane (the same vertices and offsets the railway layer draws).
 *
 * @module
 */
import type { Network } from '../network.ts';
import type { JourneyLeg } from './journey.ts';

/** Zoom whose railway variant gives the leg's route (the detailed one). */
const ROUTE_ZOOM = 14;

/** Track vertex indices of a railway's route valid at {@link ROUTE_ZOOM}, in route order. */
function routeVertices(network: Network, railway: number): number[] {
  const { railways, pieces } = network.meta;
  const variants = railways[railway]?.variants ?? [];
  const variant = variants.find((v) => v.minZoom <= ROUTE_ZOOM && ROUTE_ZOOM < v.maxZoom) ?? variants[0];
  const out: number[] = [];
  for (const p of variant?.pieces ?? []) {
    const piece = pieces[p];
    for (let k = 0; k < piece.count; k++) {
      const v = piece.start + k;
      if (out.length === 0 || out[out.length - 1] !== v) out.push(v);
    }
  }
  return out;
}

/** Longitude and latitude of a station (its own coordinate, else the first point of its shape). */
export function stationPoint(network: Network, station: number): [number, number] | null {
  const meta = network.meta.stations[station];
  if (!meta) return null;
  if (meta.coord) return meta.coord;
  const variant = network.meta.shapes[meta.shape]?.variants[0];
  if (!variant) return null;
  const p = network.stationPoints.positions;
  return [p[variant.start * 3], p[variant.start * 3 + 1]];
}

/** Position in `route` of the vertex nearest a point (planar distance, scaled for latitude). */
function nearest(network: Network, route: number[], point: [number, number]): number {
  const p = network.track.positions;
  const scale = Math.cos((point[1] * Math.PI) / 180);
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < route.length; i++) {
    const v = route[i];
    const dx = (p[v * 3] - point[0]) * scale;
    const dy = p[v * 3 + 1] - point[1];
    const d = dx * dx + dy * dy;
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  return best;
}

/**
 * The track vertices a leg rides along, in riding order; empty when the
 * railway has no drawn route. Between two consecutive stops it takes the
 * shorter way along the route, which goes across the seam of a loop line.
 */
export function legTrackVertices(network: Network, leg: Pick<JourneyLeg, 'railway' | 'from' | 'to' | 'stops'>): number[] {
  const route = routeVertices(network, leg.railway);
  if (route.length < 2) return [];
  const loop = network.meta.railways[leg.railway]?.loop ?? false;
  const stations = [leg.from, ...leg.stops.map((s) => s.station), leg.to];
  const at = stations.map((s) => stationPoint(network, s)).filter((p): p is [number, number] => p !== null).map((p) => nearest(network, route, p));
  const out: number[] = [];
  for (let i = 1; i < at.length; i++) {
    const a = at[i - 1];
    const b = at[i];
    const n = route.length;
    const direct = Math.abs(b - a);
    const forwards = loop && n - direct < direct ? b < a : b >= a;
    const steps = loop && n - direct < direct ? n - direct : direct;
    for (let k = out.length === 0 ? 0 : 1; k <= steps; k++) out.push(route[(((a + (forwards ? k : -k)) % n) + n) % n]);
  }
  return out;
}
