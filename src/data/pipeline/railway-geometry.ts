import type { Diagnostics } from './diagnostics.ts';
import {
  along,
  alignTo,
  cumulativeLengths,
  dedupe,
  easeInOutQuad,
  lerpVertex,
  lngLatToMercator,
  nearestPoint,
  offsetLine,
  qx,
  qy,
  resampleEnds,
  samePolyline,
  slice,
  vertex,
  type Polyline,
} from './polyline.ts';
import type { SourceRailwayGeometry, SourceSubline, SublineJoin } from './source-types.ts';

/**
 * Railway track geometry from the source's sublines.
 *
 * A subline is either drawn from its own coordinates ("main"), taken from a
 * stretch of another railway at a parallel offset ("sub"), or one of the two
 * depending on zoom ("hybrid"). Some choices switch at a zoom level, so each
 * railway is evaluated at zooms 13–18 and the results are merged into pieces
 * that each hold for a zoom range. Everything continuous in zoom is carried by
 * the vertices' offset vectors (see polyline.ts).
 */

/** Zoom levels at which discrete geometry choices are evaluated. Below 13 the zoom-13 shape holds, above 18 the zoom-18 one. */
export const GEOMETRY_ZOOMS = [13, 14, 15, 16, 17, 18] as const;
/** Upper zoom bound meaning "no limit". */
export const ZOOM_UNBOUNDED = 24;

/** A run of a railway's track valid for zooms in [minZoom, maxZoom). */
export interface RailwayPiece {
  minZoom: number;
  maxZoom: number;
  vertices: Polyline;
}

/** The whole route of a railway for zooms in [minZoom, maxZoom): the pieces valid there, joined. */
export interface RailwayVariant {
  minZoom: number;
  maxZoom: number;
  pieces: number[];
  route: Polyline;
}

export interface RailwayGeometry {
  id: string;
  loop: boolean;
  pieces: RailwayPiece[];
  variants: RailwayVariant[];
}

/** Ground metres of easing per unit of offset change. */
export const TRANSITION_PER_UNIT = 750;
const ALTITUDE_RAMP = 400; // ground metres over which a line changes level

interface BuildContext {
  /** Routes of railways built so far, per zoom. */
  routes: Map<string, Map<number, Polyline>>;
  diags: Diagnostics;
}

class GeometryReferenceError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function referenceRoute(ctx: BuildContext, join: SublineJoin | undefined, zoom: number, field: string): Polyline {
  const id = join?.railway;
  if (!id) throw new GeometryReferenceError(field, 'names no railway to follow');
  const route = ctx.routes.get(id)?.get(zoom);
  if (!route || route.length < 2) {
    throw new GeometryReferenceError(field, `refers to railway "${id}", which is not defined earlier in the file`);
  }
  return route;
}

/** Pulls the start (or end) of a main subline onto the joined railway's offset track, easing in over a transition. */
function smoothJoin(line: Polyline, ref: Polyline, join: SublineJoin, fromEnd: boolean): void {
  const units = join.offset ?? 0;
  const startIndex = fromEnd ? line.length - 1 : 0;
  const p = line[startIndex];
  const nearest = nearestPoint(ref, qx(p), qy(p));
  const [nx, ny] = nearest.normal;
  const r = nearest.vertex;
  // Split the perpendicular gap into its base part and its offset part, so the join holds at every zoom.
  const baseGap = nx * (p.x - r.x) + ny * (p.y - r.y);
  const unitGap = nx * (p.vx - r.vx) + ny * (p.vy - r.vy);
  const lengths = cumulativeLengths(line);
  const total = lengths[lengths.length - 1];
  const transition = Math.min(Math.abs(units) * TRANSITION_PER_UNIT + TRANSITION_PER_UNIT, total);
  const step = fromEnd ? -1 : 1;
  const endIndex = fromEnd ? 0 : line.length - 1;
  for (let i = startIndex; i !== endIndex; i += step) {
    const distance = Math.abs(lengths[i] - lengths[startIndex]);
    if (distance > transition || transition === 0) break;
    const f = easeInOutQuad(1 - distance / transition);
    if (f <= 0) break;
    const v = line[i];
    v.x -= f * nx * baseGap;
    v.y -= f * ny * baseGap;
    v.vx += f * nx * (units - unitGap);
    v.vy += f * ny * (units - unitGap);
  }
}

/** Eases the altitude at the start (or end) of a line from `level` to the line's own altitude. */
function rampAltitude(line: Polyline, level: number, fromEnd: boolean): void {
  const lengths = cumulativeLengths(line);
  const startIndex = fromEnd ? line.length - 1 : 0;
  const step = fromEnd ? -1 : 1;
  const endIndex = fromEnd ? 0 : line.length - 1;
  for (let i = startIndex; i !== endIndex; i += step) {
    const distance = Math.abs(lengths[i] - lengths[startIndex]);
    if (distance > ALTITUDE_RAMP) break;
    line[i].vz = level + (line[i].vz - level) * easeInOutQuad(distance / ALTITUDE_RAMP);
  }
}

/** A blend from one followed track to another over `steps` steps (end points excluded). */
function blend(a: Polyline, b: Polyline, steps: number): Polyline {
  const la = cumulativeLengths(a);
  const lb = cumulativeLengths(b);
  const out: Polyline = [];
  for (let i = 1; i < steps; i++) {
    const va = along(a, la, (la[la.length - 1] * i) / steps);
    const vb = along(b, lb, (lb[lb.length - 1] * i) / steps);
    out.push(lerpVertex(va, vb, easeInOutQuad(i / steps)));
  }
  return out;
}

/** The track a subline draws from its own coords ([lng, lat]), each moved by its offset if it has them. */
export function ownTrack(coords: readonly number[][], offsets?: readonly number[]): Polyline {
  const line = coords.map(([lng, lat]) => vertex(...lngLatToMercator(lng, lat)));
  return offsets ? offsetLine(line, offsets) : line;
}

function evaluateSubline(ctx: BuildContext, s: SourceSubline, railwayAltitude: number, zoom: number, field: string): Polyline {
  const coords = s.coords.map(([lng, lat]) => lngLatToMercator(lng, lat));
  const first = coords[0];
  const last = coords[coords.length - 1];
  const { start, end } = s;
  let line: Polyline;

  if (s.type === 'main' || (s.type === 'hybrid' && zoom >= (s.zoom ?? 0))) {
    line = ownTrack(s.coords, s.offsets);
    if (start?.railway && !(zoom >= (start.zoom ?? Infinity))) {
      smoothJoin(line, referenceRoute(ctx, start, zoom, `${field}.start.railway`), start, false);
    }
    if (end?.railway && !(zoom >= (end.zoom ?? Infinity))) {
      smoothJoin(line, referenceRoute(ctx, end, zoom, `${field}.end.railway`), end, true);
    }
  } else {
    const follow = (join: SublineJoin | undefined, name: string) =>
      alignTo(offsetLine(slice(referenceRoute(ctx, join, zoom, `${field}.${name}.railway`), first, last), join?.offset ?? 0), first, last);
    if (start?.railway === end?.railway && (start?.offset ?? 0) === (end?.offset ?? 0)) {
      line = follow(start, 'start');
    } else if (s.interpolate) {
      line = blend(follow(start, 'start'), follow(end, 'end'), s.interpolate);
    } else {
      line = []; // a bare switch between two tracks: the neighbouring sublines draw it
    }
  }

  line = resampleEnds(line, start?.altitude !== undefined ? ALTITUDE_RAMP : 0, end?.altitude !== undefined ? ALTITUDE_RAMP : 0);
  const level = s.altitude ?? railwayAltitude;
  if (level) for (const v of line) v.vz = level;
  if (start?.altitude !== undefined) rampAltitude(line, start.altitude, false);
  if (end?.altitude !== undefined) rampAltitude(line, end.altitude, true);
  if (s.opacity !== undefined) for (const v of line) v.op = s.opacity;
  return line;
}

const zoomBound = (i: number, upper: boolean): number =>
  upper ? (i + 1 >= GEOMETRY_ZOOMS.length ? ZOOM_UNBOUNDED : GEOMETRY_ZOOMS[i + 1]) : i === 0 ? 0 : GEOMETRY_ZOOMS[i];

/** Merges per-zoom evaluations of each subline into pieces with zoom ranges. */
function toPieces(perZoom: Polyline[][]): RailwayPiece[] {
  const pieces: RailwayPiece[] = [];
  const sublineCount = perZoom[0].length;
  for (let j = 0; j < sublineCount; j++) {
    let runStart = 0;
    for (let i = 1; i <= GEOMETRY_ZOOMS.length; i++) {
      if (i < GEOMETRY_ZOOMS.length && samePolyline(perZoom[i][j], perZoom[runStart][j])) continue;
      const vertices = perZoom[runStart][j];
      if (vertices.length >= 2) pieces.push({ minZoom: zoomBound(runStart, false), maxZoom: zoomBound(i - 1, true), vertices });
      runStart = i;
    }
  }
  return pieces;
}

/** Splits the zoom axis at every piece boundary and joins the pieces valid in each interval. */
function toVariants(pieces: RailwayPiece[]): RailwayVariant[] {
  const bounds = [...new Set(pieces.flatMap((p) => [p.minZoom, p.maxZoom]))].sort((a, b) => a - b);
  const variants: RailwayVariant[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const [minZoom, maxZoom] = [bounds[i], bounds[i + 1]];
    const active = pieces.map((p, k) => (p.minZoom <= minZoom && p.maxZoom >= maxZoom ? k : -1)).filter((k) => k >= 0);
    const previous = variants[variants.length - 1];
    if (previous && previous.pieces.join() === active.join()) {
      previous.maxZoom = maxZoom;
      continue;
    }
    variants.push({ minZoom, maxZoom, pieces: active, route: dedupe(active.flatMap((k) => pieces[k].vertices)) });
  }
  return variants;
}

/**
 * Builds the track geometry of every railway in file order (a subline may
 * follow only railways defined before it). A railway whose references cannot
 * be resolved is skipped with a warning.
 */
export function buildRailwayGeometries(sources: SourceRailwayGeometry[], diags: Diagnostics): Map<string, RailwayGeometry> {
  const ctx: BuildContext = { routes: new Map(), diags };
  const result = new Map<string, RailwayGeometry>();
  for (const source of sources) {
    try {
      const perZoom = GEOMETRY_ZOOMS.map((zoom) =>
        source.sublines.map((s, j) => evaluateSubline(ctx, s, source.altitude ?? 0, zoom, `sublines[${j}]`)),
      );
      const routes = new Map<number, Polyline>();
      GEOMETRY_ZOOMS.forEach((zoom, i) => routes.set(zoom, dedupe(perZoom[i].flat())));
      if ((routes.get(14)?.length ?? 0) < 2) {
        diags.warn({ file: 'coordinates.json', record: source.id, field: 'sublines', message: 'gives no drawable track; railway geometry skipped' });
        continue;
      }
      ctx.routes.set(source.id, routes);
      const pieces = toPieces(perZoom);
      result.set(source.id, { id: source.id, loop: !!source.loop, pieces, variants: toVariants(pieces) });
    } catch (e) {
      if (!(e instanceof GeometryReferenceError)) throw e;
      diags.warn({ file: 'coordinates.json', record: source.id, field: e.field, message: `${e.message}; railway geometry skipped` });
    }
  }
  return result;
}
