/**
 * Where a track vertex is drawn: the CPU twin of the layers' `track_offset`
 * shader code. A vertex is a base position plus an offset vector in
 * track-spacing units; the offset is scaled by s = 2^(14 − clamp(zoom, 13, 18)),
 * so parallel lines stay a constant distance apart on screen from zoom 13 to 18.
 */

const MERCATOR_RADIUS = 6378137;

/** Track spacing and depth, in metres at zoom 14. */
export interface TrackDimensions {
  /** Web Mercator metres between parallel tracks. */
  spacingMetres: number;
  /** Metres per underground level. */
  depthMetres: number;
}

/** Scale factor of offsets at a zoom. */
export function trackScale(zoom: number): number {
  return 2 ** (14 - Math.min(18, Math.max(13, zoom)));
}

/** [lng, lat, altitude in metres] of a base + offset vertex at a zoom. */
export function offsetPosition(
  lng: number,
  lat: number,
  vx: number,
  vy: number,
  vz: number,
  zoom: number,
  dims: TrackDimensions,
): [number, number, number] {
  const s = trackScale(zoom);
  const metres = dims.spacingMetres * s;
  // Web Mercator: x = R·λ, y = R·ln tan(π/4 + φ/2); an offset dy in Mercator metres moves latitude by dy·cos φ / R.
  const outLng = lng + ((vx * metres) / MERCATOR_RADIUS) * (180 / Math.PI);
  const outLat = lat + ((vy * metres * Math.cos((lat * Math.PI) / 180)) / MERCATOR_RADIUS) * (180 / Math.PI);
  return [outLng, outLat, vz * dims.depthMetres * s];
}

/** Screen pixels per Web Mercator metre at a zoom (512-pixel world tiles, as MapLibre and deck.gl use). */
export function pixelsPerMercatorMetre(zoom: number): number {
  return (512 * 2 ** zoom) / (2 * Math.PI * MERCATOR_RADIUS);
}
