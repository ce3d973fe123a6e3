/**
 * Polyline operations for building track geometry.
 *
 * A track vertex is `B + V·s`: a base point `B` (Web Mercator metres) plus an
 * offset vector `V` (in track-spacing units) scaled at draw time by
 * `s = 2^(14 − zoom)` times the spacing. Every operation here (slicing,
 * parallel offsets, blends, smoothing) is linear in `s`, so one vertex list
 * describes the line at every zoom, and parallel lines keep a constant
 * on-screen distance. Geometric queries evaluate the line at zoom 14 (`s = 1`).
 */

/** Earth radius of the Web Mercator projection, metres. */
export const MERCATOR_RADIUS = 6378137;
/** Mercator metres per track-spacing unit at zoom 14, used for build-time queries. */
export const QUERY_UNIT = 100;

/** One vertex: base position, offset vector and opacity. */
export interface TrackVertex {
  /** Base position, Web Mercator metres. */
  x: number;
  y: number;
  /** Horizontal offset in track-spacing units (scaled at draw time). */
  vx: number;
  vy: number;
  /** Altitude in depth units (−1 is one tunnel level below ground; scaled at draw time). */
  vz: number;
  /** 1 drawn, 0 hidden (the track is still used by trains). */
  op: number;
}

export type Polyline = TrackVertex[];

export function lngLatToMercator(lng: number, lat: number): [number, number] {
  const phi = (Math.max(-85, Math.min(85, lat)) * Math.PI) / 180;
  return [(MERCATOR_RADIUS * lng * Math.PI) / 180, MERCATOR_RADIUS * Math.log(Math.tan(Math.PI / 4 + phi / 2))];
}

export function mercatorToLngLat(x: number, y: number): [number, number] {
  return [((x / MERCATOR_RADIUS) * 180) / Math.PI, ((2 * Math.atan(Math.exp(y / MERCATOR_RADIUS)) - Math.PI / 2) * 180) / Math.PI];
}

/** Ground metres per Mercator metre at Mercator y (the cosine of the latitude). */
export const groundScale = (y: number): number => 1 / Math.cosh(y / MERCATOR_RADIUS);

export function vertex(x: number, y: number): TrackVertex {
  return { x, y, vx: 0, vy: 0, vz: 0, op: 1 };
}

export const cloneVertex = (v: TrackVertex): TrackVertex => ({ ...v });

export function lerpVertex(a: TrackVertex, b: TrackVertex, t: number): TrackVertex {
  return {
    x: a.x + (b.x - a.x) * t,
    y: a.y + (b.y - a.y) * t,
    vx: a.vx + (b.vx - a.vx) * t,
    vy: a.vy + (b.vy - a.vy) * t,
    vz: a.vz + (b.vz - a.vz) * t,
    op: t < 0.5 ? a.op : b.op,
  };
}

/** Position of a vertex at zoom 14. */
export const qx = (v: TrackVertex): number => v.x + v.vx * QUERY_UNIT;
export const qy = (v: TrackVertex): number => v.y + v.vy * QUERY_UNIT;

/** Cumulative ground length (metres, at zoom 14) at each vertex. */
export function cumulativeLengths(line: Polyline): Float64Array {
  const out = new Float64Array(line.length);
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1];
    const b = line[i];
    out[i] = out[i - 1] + Math.hypot(qx(b) - qx(a), qy(b) - qy(a)) * groundScale((a.y + b.y) / 2);
  }
  return out;
}

/** The point of a line nearest to (px, py) at zoom 14. */
export interface NearestPoint {
  /** Segment index (vertex `segment` to `segment + 1`). */
  segment: number;
  /** Position along the segment, 0..1. */
  t: number;
  vertex: TrackVertex;
  /** Signed distance in Mercator metres, positive to the right of the line's direction. */
  distance: number;
  /** Unit vector pointing to the right of the segment. */
  normal: [number, number];
  /** Ground metres along the line. */
  location: number;
}

export function nearestPoint(line: Polyline, px: number, py: number): NearestPoint {
  if (line.length === 0) throw new Error('nearestPoint on an empty line');
  let best = 0;
  let bestT = 0;
  let bestD2 = Infinity;
  let bestStart = 0;
  let bestEnd = 0;
  let start = 0; // ground metres to vertex i, summed as cumulativeLengths does
  for (let i = 0; i < Math.max(1, line.length - 1); i++) {
    const a = line[i];
    const b = line[Math.min(i + 1, line.length - 1)];
    const ax = qx(a);
    const ay = qy(a);
    const dx = qx(b) - ax;
    const dy = qy(b) - ay;
    const len2 = dx * dx + dy * dy;
    const end = i + 1 < line.length ? start + Math.hypot(dx, dy) * groundScale((a.y + b.y) / 2) : start;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
    const d2 = (px - (ax + dx * t)) ** 2 + (py - (ay + dy * t)) ** 2;
    if (d2 < bestD2) {
      bestD2 = d2;
      best = i;
      bestT = t;
      bestStart = start;
      bestEnd = end;
    }
    start = end;
  }
  const a = line[best];
  const b = line[Math.min(best + 1, line.length - 1)];
  const dx = qx(b) - qx(a);
  const dy = qy(b) - qy(a);
  const len = Math.sqrt(dx * dx + dy * dy) || 1;
  const normal: [number, number] = [dy / len, -dx / len];
  const cx = qx(a) + dx * bestT;
  const cy = qy(a) + dy * bestT;
  return {
    segment: best,
    t: bestT,
    vertex: lerpVertex(a, b, bestT),
    distance: normal[0] * (px - cx) + normal[1] * (py - cy),
    normal,
    location: bestStart + (bestEnd - bestStart) * bestT,
  };
}

/** The part of `line` between the points nearest to p0 and p1, in the line's own direction. */
export function slice(line: Polyline, p0: [number, number], p1: [number, number]): Polyline {
  let a = nearestPoint(line, p0[0], p0[1]);
  let b = nearestPoint(line, p1[0], p1[1]);
  if (a.segment > b.segment || (a.segment === b.segment && a.t > b.t)) [a, b] = [b, a];
  const out: Polyline = [a.vertex];
  for (let i = a.segment + 1; i <= b.segment; i++) out.push(cloneVertex(line[i]));
  out.push(b.vertex);
  return dedupe(out);
}

/** Reverses `line` in place if it runs against the direction from coords[0] to coords[last]. */
export function alignTo(line: Polyline, first: [number, number], last: [number, number]): Polyline {
  if (line.length < 2) return line;
  const sx = qx(line[0]);
  const sy = qy(line[0]);
  if (Math.hypot(first[0] - sx, first[1] - sy) > Math.hypot(last[0] - sx, last[1] - sy)) line.reverse();
  return line;
}

/** Removes consecutive vertices that coincide at zoom 14. */
export function dedupe(line: Polyline): Polyline {
  const out: Polyline = [];
  for (const v of line) {
    const p = out[out.length - 1];
    if (p && Math.abs(qx(p) - qx(v)) < 1e-6 && Math.abs(qy(p) - qy(v)) < 1e-6 && Math.abs(p.vz - v.vz) < 1e-9) continue;
    out.push(v);
  }
  return out;
}

/** Right-hand unit normal of the segment from a to b (zero for a degenerate segment). */
function segmentNormal(a: TrackVertex, b: TrackVertex): [number, number] | null {
  const dx = qx(b) - qx(a);
  const dy = qy(b) - qy(a);
  const len = Math.hypot(dx, dy);
  return len > 1e-9 ? [dy / len, -dx / len] : null;
}

/**
 * A parallel line `units` track spacings to the right (negative: left), with mitred joins;
 * `units` is one number for the whole line or one per vertex.
 */
export function offsetLine(line: Polyline, units: number | readonly number[]): Polyline {
  const out = line.map(cloneVertex);
  if ((typeof units === 'number' ? !units : units.every((u) => !u)) || line.length < 2) return out;
  const normals: ([number, number] | null)[] = [];
  for (let i = 0; i < line.length - 1; i++) normals.push(segmentNormal(line[i], line[i + 1]));
  // Fill degenerate segments with their neighbours' normals.
  for (let i = 1; i < normals.length; i++) normals[i] ??= normals[i - 1];
  for (let i = normals.length - 2; i >= 0; i--) normals[i] ??= normals[i + 1];
  for (let i = 0; i < line.length; i++) {
    const n0 = normals[Math.max(0, i - 1)] ?? [0, 0];
    const n1 = normals[Math.min(i, normals.length - 1)] ?? n0;
    let mx = n0[0] + n1[0];
    let my = n0[1] + n1[1];
    const ml = Math.hypot(mx, my);
    if (ml < 1e-9) {
      mx = n1[0];
      my = n1[1];
    } else {
      mx /= ml;
      my /= ml;
    }
    const miter = 1 / Math.max(0.5, mx * n1[0] + my * n1[1]);
    const u = typeof units === 'number' ? units : units[i];
    out[i].vx += mx * miter * u;
    out[i].vy += my * miter * u;
  }
  return out;
}

/** The vertex at `distance` ground metres along the line (clamped to its ends). */
export function along(line: Polyline, lengths: Float64Array, distance: number): TrackVertex {
  if (distance <= 0) return cloneVertex(line[0]);
  for (let i = 1; i < line.length; i++) {
    if (lengths[i] >= distance) {
      const span = lengths[i] - lengths[i - 1];
      return lerpVertex(line[i - 1], line[i], span > 0 ? (distance - lengths[i - 1]) / span : 0);
    }
  }
  return cloneVertex(line[line.length - 1]);
}

/**
 * Resamples the first `startLength` and last `endLength` ground metres of a
 * line every `step` metres, so that altitude ramps there are smooth.
 */
export function resampleEnds(line: Polyline, startLength: number, endLength: number, step = 50): Polyline {
  if (line.length < 2 || (!startLength && !endLength)) return line;
  const lengths = cumulativeLengths(line);
  const total = lengths[lengths.length - 1];
  let result = line;
  if (startLength) {
    const head: Polyline = [];
    for (let d = 0; d <= startLength; d += step) {
      head.push(along(line, lengths, Math.min(d, total)));
      if (d >= total) break;
    }
    let i = 0;
    while (i < line.length && lengths[i] <= startLength) i++;
    result = [...head, ...line.slice(i)];
  }
  if (endLength) {
    const l2 = cumulativeLengths(result);
    const total2 = l2[l2.length - 1];
    const tail: Polyline = [];
    for (let d = total2; d >= total2 - endLength; d -= step) {
      tail.unshift(along(result, l2, Math.max(d, 0)));
      if (d <= 0) break;
    }
    let i = result.length;
    while (i > 0 && l2[i - 1] >= total2 - endLength) i--;
    result = [...result.slice(0, i), ...tail];
  }
  return dedupe(result);
}

/** Quadratic ease-in-out on 0..1. */
export function easeInOutQuad(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t);
}

/** True when two lines have the same vertices (within rounding). */
export function samePolyline(a: Polyline, b: Polyline): boolean {
  if (a.length !== b.length) return false;
  const close = (p: number, q: number) => Math.abs(p - q) < 1e-7;
  return a.every((v, i) => {
    const w = b[i];
    return close(v.x, w.x) && close(v.y, w.y) && close(v.vx, w.vx) && close(v.vy, w.vy) && close(v.vz, w.vz) && v.op === w.op;
  });
}
