import type { VertexBlock } from '../data/network.ts';
import type { BinaryPaths } from '../data/geometry/path-culling.ts';
import type { Steps } from '../data/work-steps.ts';

/** A run of the network's track vertices drawn as one path, in one colour. */
export interface TrackRun {
  /** Indices of the vertices in the track's vertex block, in drawing order. */
  vertices: readonly number[];
  /** RGB 0–255. */
  color: readonly number[];
  /** The packed style (zoom range and opacity, see `packVertexStyle`) of each vertex. */
  style: (vertex: number) => number;
}

/** Vertices copied between two steps of {@link trackRunPathSteps}. */
const VERTICES_PER_STEP = 16_384;

/**
 * Binary paths (for {@link TrackLineLayer}'s `paths`) of runs of track
 * vertices: each vertex's position and offset from the track, its run's
 * colour and its style. In steps of some thousand vertices (a whole network's
 * track at the finest level is 15 ms at once); `finishSteps` runs them at once.
 */
export function* trackRunPathSteps(track: VertexBlock, runs: readonly TrackRun[]): Steps<BinaryPaths> {
  const count = runs.reduce((n, run) => n + run.vertices.length, 0);
  const startIndices = new Uint32Array(runs.length + 1);
  const positions = new Float64Array(count * 3);
  const colors = new Uint8Array(count * 4);
  const offsets = new Float32Array(count * 4);
  let at = 0;
  let stepEnd = VERTICES_PER_STEP;
  const { positions: from, offsets: fromOffsets } = track;
  for (let i = 0; i < runs.length; i++) {
    const { vertices, color: [r, g, b], style } = runs[i];
    startIndices[i] = at;
    for (const v of vertices) {
      positions[at * 3] = from[v * 3];
      positions[at * 3 + 1] = from[v * 3 + 1];
      positions[at * 3 + 2] = from[v * 3 + 2];
      colors[at * 4] = r;
      colors[at * 4 + 1] = g;
      colors[at * 4 + 2] = b;
      colors[at * 4 + 3] = 255;
      offsets[at * 4] = fromOffsets[v * 3];
      offsets[at * 4 + 1] = fromOffsets[v * 3 + 1];
      offsets[at * 4 + 2] = fromOffsets[v * 3 + 2];
      offsets[at * 4 + 3] = style(v);
      at++;
    }
    if (at >= stepEnd) {
      stepEnd = at + VERTICES_PER_STEP;
      yield;
    }
  }
  startIndices[runs.length] = count;
  return {
    length: runs.length,
    startIndices,
    attributes: {
      getPath: { value: positions, size: 3 },
      getColor: { value: colors, size: 4, normalized: true },
      getTrackOffset: { value: offsets, size: 4 },
    },
  };
}
