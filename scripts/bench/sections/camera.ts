/**
 * Section `camera`: frame rate while the camera moves — what a person does
 * most. The map is turned by 60° with `map.easeTo` over 10 s, as the
 * existing product was measured (issue "Moving the camera is slower than the
 * existing product"), at the default view (zoom 14, pitch 60, Tokyo Station)
 * and at zoom 11 (the whole network of the city in view, same pitch), with
 * the base map shown and with its tiles blocked (an empty base map, as in
 * that comparison), trains running at 08:00 on a weekday. Frames are counted
 * with requestAnimationFrame. Besides the frame rate it reports what each
 * canvas draws per frame (draw calls, instances, vertices) and the CPU time
 * per frame of the page's main thread and of the GPU process (where
 * SwiftShader draws). With the base map shown, shorter turns follow in which
 * the draws of one part are left out (trains, network, base map), then all
 * draws, then all draws with the canvases hidden: how much shorter a frame
 * is without each part is that part's share of the frame time, and the last
 * two give the cost of putting the page's canvases together on screen.
 */
import type { Page } from 'playwright-core';
import { PERFORMANCE_MARKS } from '../../../src/performance-marks.ts';
import { appPath, BENCH_TIMES } from '../app-page.ts';
import { formatValue } from '../format.ts';
import { waitForUserTiming } from '../page-timing.ts';
import { canReadThreadCpu, cpuBetween, readThreadCpu } from '../process-cpu.ts';
import type { BenchContext, BenchRow, BenchSection } from '../types.ts';
import { DRAW_COUNTER_SCRIPT, drawsBetween, readDrawCounts, skipDraws, type DrawCount } from '../webgl-probe.ts';

/** The existing product on the same kind of machine, camera turning (issue's table): 1.4–1.5 fps. */
const EXISTING_ROTATING_FPS = 1.4;
/** Target: 3× the existing product. */
const TARGET_FPS = 4.5;
/** Target: the zoom-11 figure at least half of the zoom-14 one. */
const TARGET_ZOOM_RATIO = 0.5;
const ROTATION_DEGREES = 60;
const ROTATION_MS = 10_000;
/** Each turn of the frame-time breakdown: half of the main one, at the same angular speed. */
const SHARE_ROTATION_MS = 5_000;
const TRAINS_TIMEOUT_MS = 90_000;
/** After a jump: time for the network's culling, the train frame and (base map shown) the tiles of the new view. */
const VIEW_SETTLE_MS = 4000;
const BASEMAP_SETTLE_MS = 8000;

/** A view the camera turns around. */
interface CameraView {
  key: 'zoom 14' | 'zoom 11';
  center: [number, number];
  zoom: number;
  pitch: number;
}

const VIEWS: readonly CameraView[] = [
  { key: 'zoom 14', center: [139.767, 35.6814], zoom: 14, pitch: 60 },
  { key: 'zoom 11', center: [139.767, 35.6814], zoom: 11, pitch: 60 },
];

type Basemap = 'shown' | 'blocked';

/** What one rotation window measured. */
interface RotationFigures {
  fps: number;
  frames: number;
  /** The longest interval between two animation frames in the turn, ms: the worst hitch a person sees. */
  longestFrameMs: number;
  draws: DrawCount[];
  /** CPU ms per frame by process (`renderer`, `gpu-process`, …), when /proc can be read. */
  cpuPerFrame: Array<[string, number]>;
}

/** A part of the frame whose draws the breakdown leaves out (keys as {@link skipDraws} takes them). */
const SHARE_PARTS = [
  { key: 'trains', skip: ['overlay|train-layer'] },
  { key: 'network (railways, stations)', skip: ['deck'] },
  { key: 'base map', skip: ['maplibre'] },
] as const;
const ALL_DRAWS = ['maplibre', 'deck', 'overlay'];

/**
 * Frame time (ms, from the frame rate) with everything drawn, and how much shorter a frame is without each part's
 * draws, and without putting the canvases together (clear, present, composite). The parts need not add up to the
 * frame exactly (SwiftShader's threads and the three canvases' contexts overlap); in the first runs they came within
 * about 10 % of it.
 */
interface FrameShares {
  reference: number;
  parts: Array<[string, number]>;
  canvases: number;
  /** A frame with no draw and the canvases hidden: the browser, the UI and the main thread's work. */
  rest: number;
}

/** Turns the camera and counts animation frames; draw counts and CPU are read around it. */
async function rotate(page: Page, durationMs = ROTATION_MS): Promise<RotationFigures> {
  const drawsBefore = await readDrawCounts(page);
  const cpuBefore = canReadThreadCpu() ? readThreadCpu() : null;
  const { frames, ms, longest } = await page.evaluate(
    `(async () => {
      const map = window.map;
      map.easeTo({ bearing: map.getBearing() + ${(ROTATION_DEGREES * durationMs) / ROTATION_MS}, duration: ${durationMs} });
      const start = performance.now();
      let frames = 0;
      let last = start;
      let longest = 0;
      await new Promise((resolve) => {
        const tick = () => {
          frames++;
          const now = performance.now();
          longest = Math.max(longest, now - last);
          last = now;
          if (performance.now() - start < ${durationMs}) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      return { frames, ms: performance.now() - start, longest };
    })()`,
  ) as { frames: number; ms: number; longest: number };
  const draws = drawsBetween(drawsBefore, await readDrawCounts(page));
  const cpu = cpuBefore ? cpuBetween(cpuBefore, readThreadCpu()).processes : [];
  return { fps: (frames * 1000) / ms, frames, longestFrameMs: longest, draws, cpuPerFrame: cpu.map(([name, cpuMs]) => [name, frames ? cpuMs / frames : 0]) };
}

const frameMs = (f: RotationFigures) => (f.fps > 0 ? 1000 / f.fps : 0);

/**
 * The frame time by part: a turn with everything drawn, one without each part's draws, one without any draw, and
 * one without any draw and with the canvases hidden. A difference between two single turns is noisy on a shared
 * machine (±20–60 % of the part's figure); the report takes the median over runs.
 */
async function measureShares(page: Page): Promise<FrameShares> {
  const turn = async (skip: readonly string[], hide = false) => {
    await skipDraws(page, skip, hide);
    try {
      return frameMs(await rotate(page, SHARE_ROTATION_MS));
    } finally {
      await skipDraws(page, []);
    }
  };
  const reference = await turn([]);
  const parts: Array<[string, number]> = [];
  for (const part of SHARE_PARTS) parts.push([part.key, reference - (await turn(part.skip))]);
  const noDraws = await turn(ALL_DRAWS);
  const hidden = await turn(ALL_DRAWS, true);
  return { reference, parts, canvases: noDraws - hidden, rest: hidden };
}

/** Opens the app (base map shown or blocked), waits for the trains, then turns the camera at each view. */
async function measurePage(ctx: BenchContext, basemap: Basemap): Promise<Map<CameraView['key'], RotationFigures & { shares?: FrameShares }>> {
  const { page, context, close } = await ctx.openPage();
  try {
    await context.addInitScript(DRAW_COUNTER_SCRIPT);
    if (basemap === 'blocked') await page.route(/\.pmtiles(\?|$)/, (route) => route.abort());
    await page.goto(ctx.url(appPath(BENCH_TIMES.weekday)), { waitUntil: 'commit' });
    await waitForUserTiming(page, PERFORMANCE_MARKS.trainsDrawn, TRAINS_TIMEOUT_MS);
    const results = new Map<CameraView['key'], RotationFigures & { shares?: FrameShares }>();
    for (const view of VIEWS) {
      await page.evaluate(`void window.map.jumpTo(${JSON.stringify({ center: view.center, zoom: view.zoom, pitch: view.pitch, bearing: 0 })})`);
      await page.waitForTimeout(basemap === 'shown' ? BASEMAP_SETTLE_MS : VIEW_SETTLE_MS);
      const figures = await rotate(page);
      const shares = basemap === 'shown' ? await measureShares(page) : undefined;
      results.set(view.key, { ...figures, shares });
    }
    return results;
  } finally {
    await close();
  }
}

const perFrame = (value: number, frames: number) => (frames ? value / frames : 0);

function describe(ctx: BenchContext, basemap: Basemap, key: string, f: RotationFigures & { shares?: FrameShares }): void {
  const byCanvas = new Map<string, { calls: number; instances: number; vertices: number }>();
  for (const d of f.draws) {
    const c = byCanvas.get(d.canvas) ?? { calls: 0, instances: 0, vertices: 0 };
    c.calls += d.calls;
    c.instances += d.instances;
    c.vertices += d.vertices;
    byCanvas.set(d.canvas, c);
  }
  const canvases = [...byCanvas]
    .map(([canvas, c]) => `${canvas} ${Math.round(perFrame(c.calls, f.frames))} calls / ${formatValue(perFrame(c.instances, f.frames), 'count')} instances / ${formatValue(perFrame(c.vertices, f.frames), 'count')} vertices`)
    .join('; ');
  ctx.detail(`${key}, base map ${basemap}: ${formatValue(f.fps, 'fps')} (${f.frames} frames, the longest ${formatValue(f.longestFrameMs, 'ms')}); per frame: ${canvases}`);
  const layers = f.draws
    .slice(0, 8)
    .map((d) => `${d.canvas}/${d.shader} ${formatValue(perFrame(d.vertices, f.frames), 'count')}`)
    .join(', ');
  ctx.detail(`  vertices per frame by shader: ${layers}`);
  if (f.cpuPerFrame.length) ctx.detail(`  CPU per frame: ${f.cpuPerFrame.slice(0, 4).map(([name, ms]) => `${name} ${formatValue(ms, 'ms')}`).join(', ')}`);
  if (f.shares) {
    const { reference, parts, canvases, rest } = f.shares;
    const share = (ms: number) => `${formatValue(ms, 'ms')} (${reference > 0 ? Math.round((100 * ms) / reference) : 0} %)`;
    const items = [...parts.map(([part, ms]) => `${part} ${share(ms)}`), `putting the canvases together ${share(canvases)}`, `rest ${share(rest)}`];
    ctx.detail(`  frame time saved without each part (of ${formatValue(reference, 'ms')} a frame, ${SHARE_ROTATION_MS / 1000} s turns): ${items.join(', ')}`);
  }
}

function rows(basemap: Basemap, figures: Map<CameraView['key'], RotationFigures & { shares?: FrameShares }>): BenchRow[] {
  const z14 = figures.get('zoom 14')!;
  const z11 = figures.get('zoom 11')!;
  const out: BenchRow[] = [];
  for (const [key, f] of [['zoom 14', z14], ['zoom 11', z11]] as const) {
    out.push({
      metric: `fps rotating, ${key}, base map ${basemap}`,
      value: f.fps,
      unit: 'fps',
      target: { op: '>=', value: TARGET_FPS },
      baseline: EXISTING_ROTATING_FPS,
      note: `requestAnimationFrame frames while map.easeTo turns the camera ${ROTATION_DEGREES}° in ${ROTATION_MS / 1000} s, ${key === 'zoom 14' ? 'default view (zoom 14, pitch 60)' : 'zoom 11, pitch 60 (the whole city network in view)'}, trains running at 08:00 on a weekday`,
    });
    out.push({ metric: `  ${key}, base map ${basemap}: longest frame`, value: f.longestFrameMs, unit: 'ms', note: 'the longest interval between two animation frames in the turn: the worst hitch (loading tiles, resizing the base map\'s canvas for its lower resolution while moving)' });
    const vertices = f.draws.reduce((s, d) => s + d.vertices, 0);
    const network = f.draws.filter((d) => d.canvas === 'deck').reduce((s, d) => s + d.vertices, 0);
    out.push({ metric: `  ${key}, base map ${basemap}: vertices per frame, all canvases`, value: perFrame(vertices, f.frames), unit: 'count', note: 'vertices drawn per frame (instances × vertices per instance), all canvases' });
    out.push({ metric: `  ${key}, base map ${basemap}: vertices per frame, network (railways, stations)`, value: perFrame(network, f.frames), unit: 'count', note: "the map's own deck.gl canvas" });
    const gpu = f.cpuPerFrame.find(([name]) => name === 'gpu-process');
    if (gpu) out.push({ metric: `  ${key}, base map ${basemap}: GPU-process CPU per frame`, value: gpu[1], unit: 'ms', note: 'CPU time of the GPU process (SwiftShader draws there, on several threads) per animation frame' });
    if (f.shares) {
      const turn = `${SHARE_ROTATION_MS / 1000} s turns`;
      out.push({ metric: `    ${key}, base map ${basemap}: frame time, everything drawn`, value: f.shares.reference, unit: 'ms', note: `1000 / fps of a ${turn.slice(0, -1)} with everything drawn: the reference of the rows below` });
      const note = `frame time of a turn with everything drawn, less that of a turn without this part's draws (${turn}); the parts overlap and need not add up exactly`;
      for (const [part, ms] of f.shares.parts) out.push({ metric: `    ${key}, base map ${basemap}: frame time saved without ${part}`, value: ms, unit: 'ms', note });
      out.push({ metric: `    ${key}, base map ${basemap}: frame time saved without putting the canvases together`, value: f.shares.canvases, unit: 'ms', note: `a turn without any draw, less one without any draw and with the canvases hidden (${turn}): clearing, presenting and compositing the full-window canvases` });
      out.push({ metric: `    ${key}, base map ${basemap}: frame time with no draw and the canvases hidden`, value: f.shares.rest, unit: 'ms', note: `the browser, the UI and the main thread's work (${turn})` });
    }
  }
  out.push({
    metric: `fps rotating, zoom 11 / zoom 14, base map ${basemap}`,
    value: z14.fps > 0 ? z11.fps / z14.fps : 0,
    unit: 'ratio',
    target: { op: '>=', value: TARGET_ZOOM_RATIO },
    note: 'the zoom-11 frame rate no lower than half of the zoom-14 one',
  });
  return out;
}

/** The `camera` section. */
export const cameraSection: BenchSection = {
  name: 'camera',
  title: `Camera motion: fps while the camera turns ${ROTATION_DEGREES}° in ${ROTATION_MS / 1000} s at zoom 14 and 11, base map shown and blocked; what each canvas draws per frame`,
  async run(ctx) {
    const out: BenchRow[] = [];
    for (const basemap of ['blocked', 'shown'] as const) {
      const figures = await measurePage(ctx, basemap);
      for (const [key, f] of figures) describe(ctx, basemap, key, f);
      out.push(...rows(basemap, figures));
    }
    return out;
  },
};
