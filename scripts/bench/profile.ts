/**
 * Main-thread CPU profiles through CDP's Profiler, reduced to self time per
 * function and per package, with minified names resolved through the build's
 * source maps (vite build writes them next to the scripts).
 */
import type { CDPSession } from 'playwright-core';
import { SourceMap } from './source-map.ts';

/** Self time of one function (or of a pseudo node: `(idle)`, `(program)`, `(garbage collector)`). */
export interface ProfileEntry {
  /** Original function name when the source map has one, else the name in the profile. */
  name: string;
  /** `src/…:line`, `<package>/…:line`, or the script file for code without a source map; empty for pseudo nodes and native functions. */
  where: string;
  /** Package or area the code belongs to: `app (src)`, `@luma.gl/webgl`, `maplibre-gl`, `(native)`, `(idle)`… */
  area: string;
  selfMs: number;
}

export interface ProfileSummary {
  /** Wall time covered by the samples. */
  totalMs: number;
  idleMs: number;
  /** Functions by self time, largest first (pseudo nodes included). */
  functions: ProfileEntry[];
  /** Self time summed by area, largest first. */
  areas: { area: string; selfMs: number }[];
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** V8's nodes that stand for no function. */
const PSEUDO_NODES = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

/** Sampling interval in µs (V8's default is 1000). */
const SAMPLING_INTERVAL_US = 250;

/** Starts the sampling profiler on the page's main thread. */
export async function startProfiler(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
  await cdp.send('Profiler.start');
}

/**
 * Stops the profiler and sums self time by function. `loadMap` returns the
 * source map of a script URL (or null); it is called once per script.
 */
export async function stopProfiler(cdp: CDPSession, loadMap: (url: string) => Promise<SourceMap | null>): Promise<ProfileSummary> {
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  await cdp.send('Profiler.disable');
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // Sample i stands for the time until the next sample (as DevTools counts it); the last for the time until the profile's end.
  const selfUs = new Map<number, number>();
  let t = profile.startTime;
  const times = deltas.map((d) => (t += d));
  for (let i = 0; i < samples.length; i++) {
    const next = i + 1 < samples.length ? times[i + 1] : profile.endTime;
    selfUs.set(samples[i], (selfUs.get(samples[i]) ?? 0) + Math.max(0, next - times[i]));
  }
  const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const maps = new Map<string, Promise<SourceMap | null>>();
  const mapOf = (url: string) => {
    let map = maps.get(url);
    if (!map) maps.set(url, (map = loadMap(url).catch(() => null)));
    return map;
  };
  const byKey = new Map<string, ProfileEntry>();
  for (const [id, us] of selfUs) {
    const frame = nodes.get(id);
    if (!frame) continue;
    const entry = describeFrame(frame, frame.url ? await mapOf(frame.url) : null);
    const key = `${entry.name}\u0000${entry.where}`;
    const existing = byKey.get(key);
    if (existing) existing.selfMs += us / 1000;
    else byKey.set(key, { ...entry, selfMs: us / 1000 });
  }
  const functions = [...byKey.values()].sort((a, b) => b.selfMs - a.selfMs);
  const areas = new Map<string, number>();
  for (const f of functions) areas.set(f.area, (areas.get(f.area) ?? 0) + f.selfMs);
  return {
    totalMs: (profile.endTime - profile.startTime) / 1000,
    idleMs: functions.filter((f) => f.name === '(idle)').reduce((a, f) => a + f.selfMs, 0),
    functions,
    areas: [...areas].map(([area, selfMs]) => ({ area, selfMs })).sort((a, b) => b.selfMs - a.selfMs),
  };
}

function describeFrame(frame: CallFrame, map: SourceMap | null): Omit<ProfileEntry, 'selfMs'> {
  const minified = frame.functionName || '(anonymous)';
  if (!frame.url) {
    const pseudo = PSEUDO_NODES.has(minified);
    return { name: pseudo ? minified : `${minified} (native)`, where: '', area: pseudo ? minified : '(native)' };
  }
  const file = frame.url.split('/').pop() ?? frame.url;
  const original = map?.lookup(frame.lineNumber, frame.columnNumber) ?? null;
  if (!original) return { name: minified, where: `${file}:${frame.lineNumber + 1}`, area: file };
  const source = shortSource(original.source);
  return { name: original.name ?? minified, where: `${source}:${original.line}`, area: areaOf(source) };
}

/** `../../node_modules/@luma.gl/webgl/dist/…` → `@luma.gl/webgl/dist/…`; `../../src/x.ts` → `src/x.ts`. */
function shortSource(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) return source.slice(modules + 'node_modules/'.length);
  const src = source.indexOf('src/');
  return src >= 0 ? source.slice(src) : source.replace(/^(\.\.\/)+/, '');
}

/** The package of a short source path, or `app (src)`. */
function areaOf(source: string): string {
  if (source.startsWith('src/')) return 'app (src)';
  const parts = source.split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Fetches and parses `<script URL>.map` (null when there is none). */
export async function fetchSourceMap(scriptUrl: string): Promise<SourceMap | null> {
  const response = await fetch(`${scriptUrl}.map`);
  if (!response.ok) return null;
  return new SourceMap(await response.text());
}
