/**
 * Shared corridors of a GTFS city: routes that run along the same stretch of
 * street drawn side by side, as Tokyo's lines are, instead of on top of each
 * other. A GTFS feed says nothing about it, so the offsets are worked out from
 * the shapes:
 * - every pattern's track is snapped onto one set of nodes (a point within
 *   {@link SNAP_METRES} of an earlier one becomes it, and a node that close to
 *   a segment is inserted into it), so that tracks along one street share
 *   edges even where their shapes' points differ; spikes are cut off and the
 *   points that only shape a street are thinned out, the same for every track;
 * - each edge knows the routes that use it; a route's slot there is its rank
 *   among them in routes.txt order, centred on the street (slot k of n is
 *   k − (n−1)/2 track spacings, closer together beyond {@link MAX_WIDTH}), to
 *   the right of the edge's own direction (that of the first pattern to run
 *   it, kept the same along the street): so every pattern of a route takes
 *   the same slot, and its two directions overlap;
 * - along a pattern the slots form runs; runs shorter than
 *   {@link MIN_RUN_METRES} are smoothed away, and the offset eases from one
 *   run to the next, with a point at least every {@link MAX_STEP} units of
 *   it: over {@link SHARED_EASE_METRES} around the point where two shared
 *   runs meet (at most half of either run); where a shared run meets a street
 *   the route has to itself, over at most {@link ALONE_EASE_METRES} of that
 *   street, next to the shared run (within the shared run where its own
 *   street is too short), so that the route does not cross the routes between
 *   its slot and the street's centre.
 *
 * The result is a track per pattern with an offset per point, in track
 * spacings, which the network step draws as Tokyo's (`ownTrack` in railway-geometry.ts).
 *
 * @module
 */
import { easeInOutQuad, groundScale, lngLatToMercator, mercatorToLngLat } from '../polyline.ts';
import { TRANSITION_PER_UNIT } from '../railway-geometry.ts';

/** Points of different tracks closer than this (ground metres) are one node. */
const SNAP_METRES = 5;
/** A track that turns back after less than this (ground metres) has a spike, not a turn. */
const SPIKE_METRES = 25;
/** Runs of one slot shorter than this (ground metres) are smoothed away: see {@link smoothRuns}. */
const MIN_RUN_METRES = 300;
/**
 * A route leaving a shared street keeps its slot to the end of it and eases to the centre of its own street over at
 * most this many ground metres (the same, backwards, joining one): easing on the shared street would take it across
 * the routes between its slot and the centre.
 */
const ALONE_EASE_METRES = 150;
/**
 * Where the routes on a street change, every route there eases to its new slot over this many ground metres (fewer
 * where a run is short), whatever its change: routes that ease in step keep their order, while an easing as long as
 * its change (as Tokyo's, {@link TRANSITION_PER_UNIT} per unit) takes routes that move further past those that move
 * less. As long as Tokyo's for the commonest change, half a spacing (a route joining or leaving).
 */
const SHARED_EASE_METRES = TRANSITION_PER_UNIT / 2;
/** The widest a street's slots spread, track spacings from first to last: beyond MAX_WIDTH + 1 routes they close up. */
const MAX_WIDTH = 4;
/** Points of a track closer than this in both longitude and latitude (about a centimetre) are one. */
const SAME_DEGREES = 1e-7;
/** The largest change of offset between neighbouring points of a transition, track spacings. */
const MAX_STEP = 0.05;

/** A pattern's track, before the corridor step. */
export interface CorridorInput {
  /** Index of the pattern's route: the order of slots. */
  route: number;
  /** [lng, lat] points in riding order. */
  coords: [number, number][];
  /** Index into `coords` of each stop. */
  stops: number[];
}

/** A pattern's track laid out among the others. */
export interface CorridorTrack {
  /** [lng, lat] points in riding order (the input's, snapped onto shared nodes, plus those of transitions). */
  coords: [number, number][];
  /** Offset of each point, track spacings to the right of the direction of travel. */
  units: number[];
  /** Index into `coords` of each stop. */
  stops: number[];
}

/** Cells of a square grid over Web Mercator metres. */
const cellKey = (gx: number, gy: number) => (gx + 2 ** 24) * 2 ** 25 + gy + 2 ** 24;

/** The nodes every track is snapped onto. */
class Nodes {
  readonly x: number[] = [];
  readonly y: number[] = [];
  readonly lngLat: [number, number][] = [];
  private readonly grid = new Map<number, number[]>();

  /** `cell` ≥ every tolerance, Mercator metres. */
  constructor(private readonly cell: number) {}

  /** Snap tolerance at Mercator y, Mercator metres. */
  tolerance = (y: number) => SNAP_METRES / groundScale(y);

  /** Calls `visit` for every node in the cells around (x, y) (all those within tolerance), skipping cells in `seen`. */
  near(x: number, y: number, visit: (node: number) => void, seen?: Set<number>): void {
    const gx = Math.floor(x / this.cell);
    const gy = Math.floor(y / this.cell);
    for (let i = gx - 1; i <= gx + 1; i++) {
      for (let j = gy - 1; j <= gy + 1; j++) {
        const key = cellKey(i, j);
        if (seen?.has(key)) continue;
        seen?.add(key);
        for (const n of this.grid.get(key) ?? []) visit(n);
      }
    }
  }

  /** The nearest node within tolerance of a point, else a new node there. */
  snap(lngLat: [number, number], x: number, y: number): number {
    const tolerance = this.tolerance(y);
    let best = -1;
    let bestDistance = tolerance;
    this.near(x, y, (n) => {
      const d = Math.hypot(this.x[n] - x, this.y[n] - y);
      if (d < bestDistance || (d === bestDistance && n < best)) [best, bestDistance] = [n, d];
    });
    if (best >= 0) return best;
    const key = cellKey(Math.floor(x / this.cell), Math.floor(y / this.cell));
    const list = this.grid.get(key);
    if (list) list.push(this.x.length);
    else this.grid.set(key, [this.x.length]);
    this.x.push(x);
    this.y.push(y);
    this.lngLat.push(lngLat);
    return this.x.length - 1;
  }

  /** Nodes other than a and b within tolerance of the segment between them, in order from a. */
  between(a: number, b: number): number[] {
    const [ax, ay, bx, by] = [this.x[a], this.y[a], this.x[b], this.y[b]];
    const dx = bx - ax;
    const dy = by - ay;
    const length2 = dx * dx + dy * dy;
    const found = new Map<number, number>();
    const seen = new Set<number>();
    const visit = (n: number) => {
      if (n === a || n === b) return;
      const t = ((this.x[n] - ax) * dx + (this.y[n] - ay) * dy) / length2;
      if (t > 0 && t < 1 && Math.hypot(ax + dx * t - this.x[n], ay + dy * t - this.y[n]) < this.tolerance(this.y[n])) found.set(n, t);
    };
    const steps = Math.ceil(Math.sqrt(length2) / (this.cell / 2));
    for (let s = 0; s <= steps; s++) this.near(ax + (dx * s) / steps, ay + (dy * s) / steps, visit, seen);
    return [...found].sort((p, q) => p[1] - q[1]).map(([n]) => n);
  }

  /** Ground metres between two nodes. */
  metres(a: number, b: number): number {
    return Math.hypot(this.x[b] - this.x[a], this.y[b] - this.y[a]) * groundScale((this.y[a] + this.y[b]) / 2);
  }
}

/** A track as nodes, with the index in it of each stop. */
interface Path {
  path: number[];
  stops: number[];
}

/**
 * Removes the spikes of a track: nodes where it turns back (by more than
 * 120°) less than {@link SPIKE_METRES} from the node before or after it, as
 * some feeds' shapes do at every stop. A line set off to one side would draw
 * each spike as a loop as wide as the offset. A stop at a spike's tip moves
 * to the node before it.
 */
function despike({ path, stops }: Path, nodes: Nodes): Path {
  const out: number[] = [];
  const stopsAt: number[][] = []; // indexes into `stops` of those at each node of `out`
  const turnsBack = (a: number, b: number, c: number) => {
    const [x1, y1, x2, y2] = [nodes.x[b] - nodes.x[a], nodes.y[b] - nodes.y[a], nodes.x[c] - nodes.x[b], nodes.y[c] - nodes.y[b]];
    const [l1, l2] = [Math.hypot(x1, y1), Math.hypot(x2, y2)];
    return x1 * x2 + y1 * y2 < -0.5 * l1 * l2 && Math.min(nodes.metres(a, b), nodes.metres(b, c)) < SPIKE_METRES;
  };
  let k = 0;
  path.forEach((n, i) => {
    out.push(n);
    stopsAt.push([]);
    for (; k < stops.length && stops[k] === i; k++) stopsAt[stopsAt.length - 1].push(k);
    while (out.length >= 3 && turnsBack(out[out.length - 3], out[out.length - 2], out[out.length - 1])) {
      out.splice(-2, 1);
      const [tipStops] = stopsAt.splice(-2, 1);
      stopsAt[stopsAt.length - 2].push(...tipStops);
      if (out[out.length - 2] === out[out.length - 1]) {
        out.pop();
        const last = stopsAt.pop()!;
        stopsAt[stopsAt.length - 1].push(...last);
      }
    }
  });
  const moved: number[] = [];
  stopsAt.forEach((list, i) => list.forEach((s) => (moved[s] = i)));
  return { path: out, stops: moved };
}

/** Ground metres a street's line may move when the points that only shape it are thinned out. */
const SIMPLIFY_METRES = SNAP_METRES;

/** Adds to `dropped` the inner nodes of `chain` within SIMPLIFY_METRES of the line through the kept ones (Douglas–Peucker). */
function thin(chain: number[], nodes: Nodes, dropped: Set<number>): void {
  const stack: [number, number][] = [[0, chain.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    if (last - first < 2) continue;
    const [ax, ay, bx, by] = [nodes.x[chain[first]], nodes.y[chain[first]], nodes.x[chain[last]], nodes.y[chain[last]]];
    const length2 = (bx - ax) ** 2 + (by - ay) ** 2;
    let farthest = -1;
    let most = 0;
    for (let i = first + 1; i < last; i++) {
      const [x, y] = [nodes.x[chain[i]], nodes.y[chain[i]]];
      const t = length2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / length2)) : 0;
      const metres = Math.hypot(ax + (bx - ax) * t - x, ay + (by - ay) * t - y) * groundScale(y);
      if (metres > most) [farthest, most] = [i, metres];
    }
    if (most <= SIMPLIFY_METRES) {
      for (let i = first + 1; i < last; i++) dropped.add(chain[i]);
    } else stack.push([first, farthest], [farthest, last]);
  }
}

/**
 * Drops the nodes that only shape a street between the places where tracks
 * meet, part, stop, start, end or turn back: on each such chain, those
 * within {@link SIMPLIFY_METRES} of the line through the others, the same
 * for every track along it. Shared edges stay shared, and the offsets follow
 * the street, not the zigzags of shapes snapped onto each other.
 */
function simplify(paths: Path[], nodes: Nodes): Path[] {
  const neighbours = new Map<number, number[]>();
  const link = (a: number, b: number) => {
    const list = neighbours.get(a);
    if (!list) neighbours.set(a, [b]);
    else if (!list.includes(b)) list.push(b);
  };
  const fixed = new Set<number>();
  for (const { path, stops } of paths) {
    fixed.add(path[0]).add(path[path.length - 1]);
    for (const i of stops) fixed.add(path[i]);
    for (let i = 1; i < path.length; i++) {
      link(path[i], path[i - 1]);
      link(path[i - 1], path[i]);
      if (path[i - 1] === path[i + 1]) fixed.add(path[i]);
    }
  }
  for (const [n, list] of neighbours) if (list.length !== 2) fixed.add(n);
  const dropped = new Set<number>();
  const decided = new Set<number>();
  for (const { path } of paths) {
    let start = 0;
    for (let i = 1; i < path.length; i++) {
      if (!fixed.has(path[i])) continue;
      if (i - start > 1 && !decided.has(path[start + 1])) {
        const chain = path.slice(start, i + 1);
        for (let k = 1; k + 1 < chain.length; k++) decided.add(chain[k]);
        thin(chain, nodes, dropped);
      }
      start = i;
    }
  }
  return paths.map(({ path, stops }) => {
    const out: number[] = [];
    const index = path.map((n) => {
      if (!dropped.has(n) && n !== out[out.length - 1]) out.push(n);
      return out.length - 1;
    });
    return { path: out, stops: stops.map((i) => index[i]) };
  });
}

/** A run of one slot along a track: the slot, its length in ground metres, and whether the route has (some of) it to itself. */
interface Run {
  units: number;
  metres: number;
  alone: boolean;
}

/** Joins neighbouring runs of one slot. */
function joinRuns(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const run of runs) {
    const last = out[out.length - 1];
    if (last && last.units === run.units) {
      last.metres += run.metres;
      last.alone ||= run.alone;
    } else out.push({ ...run });
  }
  return out;
}

/**
 * Removes runs shorter than {@link MIN_RUN_METRES}, shortest first: one
 * between two runs of one slot takes theirs (a bus bay, a route that touches
 * the street for a block), one between two slots is split between them (a
 * junction, where routes cross), a shared one at an end of the track joins its
 * neighbour (a street the route has to itself at its end stays as it is).
 */
function smoothRuns(runs: Run[]): Run[] {
  for (;;) {
    let shortest = -1;
    runs.forEach((run, i) => {
      const end = i === 0 || i === runs.length - 1;
      if (run.metres >= MIN_RUN_METRES || runs.length < 2 || (end && run.alone)) return;
      if (shortest < 0 || run.metres < runs[shortest].metres) shortest = i;
    });
    if (shortest < 0) return runs;
    const [previous, run, next] = [runs[shortest - 1], runs[shortest], runs[shortest + 1]];
    if (previous && next && previous.units !== next.units) {
      previous.metres += run.metres / 2;
      next.metres += run.metres / 2;
    } else (previous ?? next).metres += run.metres;
    runs = joinRuns(runs.filter((r) => r !== run));
  }
}

/** A change of slot: from `from` to `to` units, centred `at` ground metres along the track, over `half` metres each side. */
interface Transition {
  at: number;
  half: number;
  from: number;
  to: number;
}

/**
 * The changes of slot between runs: centred on the point where two shared runs
 * meet, and within the street the route has to itself where a shared run meets
 * one (within the shared run where that street is shorter than twice the ease).
 */
function transitionsOf(runs: Run[]): Transition[] {
  const transitions: Transition[] = [];
  let at = 0;
  for (let i = 0; i + 1 < runs.length; i++) {
    const [run, next] = [runs[i], runs[i + 1]];
    at += run.metres;
    const length = Math.abs(next.units - run.units) * TRANSITION_PER_UNIT;
    const ease = Math.min(length, ALONE_EASE_METRES);
    if (run.alone && run.metres >= 2 * ease) {
      transitions.push({ at: at - ease / 2, half: ease / 2, from: run.units, to: next.units });
    } else if (next.alone && next.metres >= 2 * ease) {
      transitions.push({ at: at + ease / 2, half: ease / 2, from: run.units, to: next.units });
    } else if (run.alone) {
      const half = Math.min(length, next.metres / 2) / 2;
      transitions.push({ at: at + half, half, from: run.units, to: next.units });
    } else if (next.alone) {
      const half = Math.min(length, run.metres / 2) / 2;
      transitions.push({ at: at - half, half, from: run.units, to: next.units });
    } else transitions.push({ at, half: Math.min(SHARED_EASE_METRES / 2, run.metres / 2, next.metres / 2), from: run.units, to: next.units });
  }
  return transitions;
}

/**
 * The offset `distance` ground metres along a track, given the index of the
 * first transition that does not end before it.
 */
function unitsAt(runs: Run[], transitions: Transition[], first: number, distance: number): number {
  for (let j = first; j < transitions.length; j++) {
    const { at, half, from, to } = transitions[j];
    if (distance < at - half) return from;
    if (distance <= at + half) return from + (to - from) * easeInOutQuad((distance - at + half) / (2 * half));
  }
  return runs[runs.length - 1].units;
}

/** Lays out the tracks of all patterns, given in routes.txt order, so that routes sharing a street run side by side. */
export function corridorTracks(inputs: readonly CorridorInput[]): CorridorTrack[] {
  const mercator = inputs.map((input) => input.coords.map(([lng, lat]) => lngLatToMercator(lng, lat)));
  let cell = 1;
  for (const points of mercator) for (const [, y] of points) cell = Math.max(cell, SNAP_METRES / groundScale(y));
  const nodes = new Nodes(cell);
  const snapped = inputs.map((input, p) => input.coords.map((lngLat, i) => nodes.snap(lngLat, ...mercator[p][i])));

  // Each track as a path of nodes, with the position in it of each stop.
  const paths = simplify(
    snapped.map((ids, p) => {
      const path: number[] = [];
      const at: number[] = [];
      for (const id of ids) {
        const previous = path[path.length - 1];
        if (previous !== undefined && previous !== id) path.push(...nodes.between(previous, id));
        if (previous !== id) path.push(id);
        at.push(path.length - 1);
      }
      return despike({ path, stops: inputs[p].stops.map((i) => at[i]) }, nodes);
    }),
    nodes,
  );

  // The routes on each edge, and its own direction, the same along a street: slots are on one side of it, so two
  // routes would swap places where it flipped. The first pattern to run an edge gives it its direction, or the
  // opposite one where that pattern runs the edges it met before (or, before any, the first it meets) against theirs.
  const edgeKey = (a: number, b: number) => Math.min(a, b) * nodes.x.length + Math.max(a, b);
  const edges = new Map<number, { from: number; routes: number[] }>();
  paths.forEach(({ path }, p) => {
    let against = false;
    for (let i = 1; i < path.length; i++) {
      const met = edges.get(edgeKey(path[i - 1], path[i]));
      if (!met) continue;
      against = met.from !== path[i - 1];
      break;
    }
    for (let i = 1; i < path.length; i++) {
      const key = edgeKey(path[i - 1], path[i]);
      let edge = edges.get(key);
      if (!edge) edges.set(key, (edge = { from: against ? path[i] : path[i - 1], routes: [] }));
      against = edge.from !== path[i - 1];
      if (!edge.routes.includes(inputs[p].route)) edge.routes.push(inputs[p].route);
    }
  });
  for (const edge of edges.values()) edge.routes.sort((a, b) => a - b);

  return paths.map(({ path, stops }, p) => {
    const route = inputs[p].route;
    if (path.length < 2) return { coords: path.map((n) => nodes.lngLat[n]), units: path.map(() => 0), stops };
    const runs = smoothRuns(
      path.slice(1).map((b, i): Run => {
        const a = path[i];
        const edge = edges.get(edgeKey(a, b))!;
        const count = edge.routes.length;
        const slot = (edge.routes.indexOf(route) - (count - 1) / 2) * Math.min(1, MAX_WIDTH / (count - 1 || 1));
        return { units: edge.from === a ? slot : -slot, metres: nodes.metres(a, b), alone: count === 1 };
      }),
    );
    const transitions = transitionsOf(runs);
    const coords: [number, number][] = [];
    const units: number[] = [];
    const index: number[] = [];
    // A point on the last one (a transition's end on a node, a track that turns back where a thinned node was) is
    // merged into it, keeping a node's place: a segment of no length has no direction to set an offset across.
    const nodeAt: boolean[] = [];
    const add = (lngLat: [number, number], u: number, node: boolean) => {
      const last = coords.length - 1;
      if (last >= 0 && Math.abs(coords[last][0] - lngLat[0]) < SAME_DEGREES && Math.abs(coords[last][1] - lngLat[1]) < SAME_DEGREES) {
        if (node || !nodeAt[last]) [coords[last], nodeAt[last]] = [lngLat, node];
        units[last] = u;
        return last;
      }
      coords.push(lngLat);
      units.push(u);
      nodeAt.push(node);
      return last + 1;
    };
    let distance = 0;
    let first = 0; // the first transition that does not end before `distance`
    let previous = runs[0].units; // offset of the last point
    path.forEach((n, i) => {
      if (i > 0) {
        // Points of the transitions between the previous node and this one: their ends, and those of a regular grid
        // that keep the change between neighbouring points within MAX_STEP.
        const [a, metres] = [path[i - 1], nodes.metres(path[i - 1], n)];
        const grid: { d: number; u: number; end?: boolean }[] = [];
        for (let j = first; j < transitions.length && transitions[j].at - transitions[j].half < distance + metres; j++) {
          const { at: centre, half, from, to } = transitions[j];
          const steps = Math.ceil((2 * Math.abs(to - from)) / MAX_STEP);
          for (let k = Math.max(0, Math.floor(((distance - centre + half) / (2 * half)) * steps)); k <= steps; k++) {
            const d = centre - half + (2 * half * k) / steps;
            if (d >= distance + metres) break;
            if (d > distance) grid.push({ d, u: unitsAt(runs, transitions, j, d), end: k === 0 || k === steps });
          }
        }
        grid.push({ d: distance + metres, u: unitsAt(runs, transitions, first, distance + metres) });
        for (let k = 0; k + 1 < grid.length; k++) {
          if (!grid[k].end && Math.abs(grid[k + 1].u - previous) <= MAX_STEP) continue;
          const t = (grid[k].d - distance) / metres;
          add(mercatorToLngLat(nodes.x[a] + (nodes.x[n] - nodes.x[a]) * t, nodes.y[a] + (nodes.y[n] - nodes.y[a]) * t), (previous = grid[k].u), false);
        }
        distance += metres;
        while (first < transitions.length && transitions[first].at + transitions[first].half < distance) first++;
      }
      index.push(add(nodes.lngLat[n], (previous = unitsAt(runs, transitions, first, distance)), true));
    });
    return { coords, units, stops: stops.map((i) => index[i]) };
  });
}
