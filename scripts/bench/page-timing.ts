import type { Page } from 'playwright-core';

/** A Resource Timing entry of the page or one of its workers, reduced to what the bench uses (times in ms since the page's navigation start). */
export interface ResourceEntry {
  url: string;
  /** `page`, or the URL of the worker whose timeline holds the entry (its own fetches and imports). */
  context: string;
  initiatorType: string;
  startTime: number;
  responseEnd: number;
  /** Body bytes as transferred (gzip-compressed when the server compressed it). */
  encodedBodySize: number;
  decodedBodySize: number;
  /** Bytes that came over the network: Chromium reports the encoded body plus a fixed 300 bytes for headers, 0 when served from cache. */
  transferSize: number;
}

type RawEntry = Omit<ResourceEntry, 'context'>;

/** Runs in the page or a worker: its time origin and resource entries. */
const collectResources = (): { origin: number; entries: RawEntry[] } => ({
  origin: performance.timeOrigin,
  entries: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
    url: e.name,
    initiatorType: e.initiatorType,
    startTime: e.startTime,
    responseEnd: e.responseEnd,
    encodedBodySize: e.encodedBodySize,
    decodedBodySize: e.decodedBodySize,
    transferSize: e.transferSize,
  })),
});

/**
 * Waits until the page has a User Timing entry (mark or measure) named
 * `name`; rejects with the page's error message when the map fired one first.
 */
export async function waitForUserTiming(page: Page, name: string, timeoutMs: number): Promise<void> {
  try {
    await page.waitForFunction((n) => performance.getEntriesByName(n).length > 0, name, { timeout: timeoutMs, polling: 50 });
  } catch (e) {
    const status = await page
      .evaluate(() => document.body?.innerText.slice(0, 300) ?? '')
      .catch(() => '');
    throw new Error(`No "${name}" within ${timeoutMs / 1000} s${status ? ` (page says: ${status.replace(/\s+/g, ' ')})` : ''}: ${(e as Error).message.split('\n')[0]}`);
  }
}

/** startTime of a mark or duration of a measure, in ms; throws when the page has no such entry. */
export async function readUserTiming(page: Page, name: string, field: 'startTime' | 'duration'): Promise<number> {
  const value = await page.evaluate(({ n, f }) => performance.getEntriesByName(n)[0]?.[f] ?? null, { n: name, f: field });
  if (value === null) throw new Error(`The page has no performance entry "${name}".`);
  return value;
}

/**
 * Every Resource Timing entry of the page and of its live dedicated workers
 * (whose fetches the page's timeline and CDP session do not see), with worker
 * times shifted onto the page's timeline.
 */
export async function readResources(page: Page): Promise<ResourceEntry[]> {
  const own = await page.evaluate(collectResources);
  const all: ResourceEntry[] = own.entries.map((e) => ({ ...e, context: 'page' }));
  for (const worker of page.workers()) {
    const theirs = await worker.evaluate(collectResources).catch(() => null); // the worker may have ended
    if (!theirs) continue;
    const shift = theirs.origin - own.origin;
    all.push(...theirs.entries.map((e) => ({ ...e, startTime: e.startTime + shift, responseEnd: e.responseEnd + shift, context: worker.url() })));
  }
  return all;
}

/** Whether a URL names a JavaScript file (classic, module or worker script). */
export function isJavaScript(url: string): boolean {
  return /\.(m|c)?js$/.test(new URL(url).pathname);
}

/**
 * Duration of a measure (or startTime of a mark, on the page's timeline) that
 * one of the page's dedicated workers set, with the worker's URL; null when no
 * worker has it.
 */
export async function readWorkerUserTiming(page: Page, name: string, field: 'startTime' | 'duration'): Promise<{ value: number; worker: string } | null> {
  const pageOrigin = await page.evaluate(() => performance.timeOrigin);
  for (const worker of page.workers()) {
    const found = await worker
      .evaluate(({ n, f }) => {
        const entry = performance.getEntriesByName(n)[0];
        return entry ? { value: entry[f], origin: performance.timeOrigin } : null;
      }, { n: name, f: field })
      .catch(() => null); // the worker may have ended
    if (found) return { value: field === 'startTime' ? found.value + found.origin - pageOrigin : found.value, worker: worker.url() };
  }
  return null;
}
