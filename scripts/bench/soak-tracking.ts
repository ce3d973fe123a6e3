/**
 * What the soak tracks in real time: a Yamanote line train that the data
 * set's timetables run now (both calendars are tried: the map says which one
 * runs), or, when none runs (01:00–04:30 in Tokyo), an airplane of the
 * flight stand-in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { TOKYO_CLOCK_ZONE } from '../../src/data/clock-zone.ts';

/** Timetable file of the Yamanote line in the source data set. */
const YAMANOTE_FILE = 'train-timetables/jreast-yamanote.json';
/** A candidate has run at least this long and runs at least this much longer, s (it stays tracked for a while). */
const RUN_BEFORE_S = 60;
const RUN_AFTER_S = 180;
/** Candidates tried in the page at most. */
const MAX_CANDIDATES = 40;

interface TimetableEntry {
  /** Train id without prefix, e.g. `JR-East.Yamanote.400G`. */
  t: string;
  /** Stops: station, arrival `a` and departure `d` as `HH:MM`. */
  tt: { s: string; a?: string; d?: string }[];
}

/** Seconds of the service day (03:00 to 03:00: 00:12 is 24:12) of a timetable time `HH:MM`. */
function serviceSeconds(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return ((h < 3 ? h + 24 : h) * 60 + m) * 60;
}

/**
 * The Yamanote trains (ids without prefix) whose timetables, of any calendar, run at `now` (epoch ms: the app's
 * clock), having run a minute and running at least `afterS` seconds more; those that run longest first.
 */
export function yamanoteTrainsAt(sourceDir: string, now: number, afterS = RUN_AFTER_S): string[] {
  const entries = JSON.parse(readFileSync(join(sourceDir, YAMANOTE_FILE), 'utf8')) as TimetableEntry[];
  const at = TOKYO_CLOCK_ZONE.serviceDaySeconds(now);
  const running = new Map<string, number>();
  for (const { t, tt } of entries) {
    const first = tt[0]?.d ?? tt[0]?.a;
    const last = tt.at(-1)?.a ?? tt.at(-1)?.d;
    if (!first || !last) continue;
    const end = serviceSeconds(last);
    if (serviceSeconds(first) <= at - RUN_BEFORE_S && end >= at + afterS) running.set(t, Math.max(end, running.get(t) ?? 0));
  }
  return [...running.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_CANDIDATES)
    .map(([id]) => id);
}

/** What {@link trackSomethingRunning} tracked. */
export interface Tracked {
  kind: 'train' | 'airplane';
  id: string;
}

/**
 * Tracks (`setSelection`) the first train of `trains` the map draws now, else the first airplane of `flights`;
 * resolves with it once the map says it is selected (within 5 s), or null when nothing of them is on the map.
 */
export async function trackSomethingRunning(page: Page, trains: readonly string[], flights: readonly string[]): Promise<Tracked | null> {
  // A string: the bench's TypeScript transform would add helper calls the page lacks to functions written here.
  return page.evaluate(`(async () => {
    const map = window.map;
    const pick = async () => {
      for (const id of ${JSON.stringify(trains)}) if (await map.getTrainPosition(id)) return { kind: 'train', id };
      for (const id of ${JSON.stringify(flights)}) if (await map.getFlightPosition(id)) return { kind: 'airplane', id };
      return null;
    };
    const tracked = await pick();
    if (!tracked) return null;
    map.setSelection(tracked.id);
    for (let i = 0; i < 50 && map.getSelection() === null; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    return map.getSelection() === null ? null : tracked;
  })()`);
}
