import { describe, expect, it } from 'vitest';
import { trackRunPathSteps, type TrackRun } from '../../src/layers/track-paths.ts';
import { finishSteps } from '../../src/data/work-steps.ts';
import type { VertexBlock } from '../../src/data/network.ts';

const trackRunPaths = (block: VertexBlock, runs: readonly TrackRun[]) => finishSteps(trackRunPathSteps(block, runs));

/** A track of `count` vertices along a line, each with its own offset and opacity. */
function track(count: number): VertexBlock {
  const positions = new Float64Array(count * 3);
  const offsets = new Float32Array(count * 3);
  const opacity = new Uint8Array(count);
  for (let v = 0; v < count; v++) {
    positions.set([139 + v * 1e-5, 35 + v * 1e-6, 0], v * 3);
    offsets.set([v % 7, -(v % 5), v % 3], v * 3);
    opacity[v] = v % 256;
  }
  return { count, positions, offsets, opacity };
}

describe('binary paths of track runs', () => {
  const block = track(60_000);
  // Ten runs of 6,000 vertices (every vertex, then the first 3,000 drawn again backwards by the last run).
  const runs: TrackRun[] = Array.from({ length: 10 }, (_, i) => ({
    vertices: i < 9 ? Array.from({ length: 6000 }, (_, k) => i * 6000 + k) : Array.from({ length: 3000 }, (_, k) => 2999 - k),
    color: [i * 20, 100, 200],
    style: (v) => v % 1000,
  }));

  it("copies each vertex's position, offset, style and its run's colour, run after run", () => {
    const paths = trackRunPaths(block, runs);
    expect(paths.length).toBe(10);
    expect([...paths.startIndices]).toEqual([0, 6000, 12000, 18000, 24000, 30000, 36000, 42000, 48000, 54000, 57000]);
    const positions = paths.attributes.getPath.value as Float64Array;
    const offsets = paths.attributes.getTrackOffset!.value as Float32Array;
    const colors = paths.attributes.getColor!.value as Uint8Array;
    // The 54,001st vertex drawn is the last run's second: vertex 2998.
    const at = 54_001;
    expect([...positions.slice(at * 3, at * 3 + 3)]).toEqual([...block.positions.slice(2998 * 3, 2998 * 3 + 3)]);
    expect([...offsets.slice(at * 4, at * 4 + 4)]).toEqual([2998 % 7, -(2998 % 5), 2998 % 3, 998]);
    expect([...colors.slice(at * 4, at * 4 + 4)]).toEqual([180, 100, 200, 255]);
  });

  it('in steps of some thousand vertices, with the same result as at once', () => {
    const steps = trackRunPathSteps(block, runs);
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields++;
    // 57,000 vertices: a step ends after the run that passes each 16,384 more (runs of 6,000: 3 runs a step).
    expect(yields).toBe(3);
    expect(step.value).toEqual(trackRunPaths(block, runs));
  });
});
