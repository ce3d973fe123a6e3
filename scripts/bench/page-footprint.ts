/**
 * What a page holds at one moment, after forced garbage collections: its JS
 * heap, its dedicated workers (how many, and their heaps), its DOM nodes and
 * event listeners, and the WebGL objects of each canvas (with
 * {@link WEBGL_OBJECT_COUNTER_SCRIPT} installed). Two footprints of a long
 * run, taken in the same state, show what grew.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { browserContextIdOf, measurePageHeap, measureWorkerHeaps, type WorkerHeap } from './heap.ts';
import { connectedTotals, readWebglObjects, type CanvasObjects, type WebglObjectCounts } from './webgl-resources.ts';

/** See the module description. */
export interface PageFootprint {
  /** Page (main thread) JS heap used after GC. */
  heapBytes: number;
  /** Dedicated workers alive in the page's browser context. */
  workers: number;
  /** Their JS heaps after GC, summed, and one by one. */
  workerHeapBytes: number;
  workerHeaps: WorkerHeap[];
  /** DOM nodes alive in the page's renderer, detached ones included (CDP `Memory.getDOMCounters`). */
  domNodes: number;
  /** Elements in the document. */
  elements: number;
  /** JS event listeners alive (CDP `Memory.getDOMCounters`). */
  listeners: number;
  /** WebGL objects of the canvases in the document, summed. */
  webgl: WebglObjectCounts;
  /** WebGL objects by canvas, removed canvases included (their contexts not yet collected). */
  canvases: CanvasObjects[];
}

/** Time for finalizers to run after a GC (they run in a later task). */
const FINALIZERS_MS = 200;

/**
 * Forces a GC in every worker and in the page (twice: WebGL objects dropped without `delete*` are counted until their
 * finalizers have run), then reads the footprint.
 */
export async function measureFootprint(page: Page, cdp: CDPSession, browser: Browser): Promise<PageFootprint> {
  const workers = await measureWorkerHeaps(browser, await browserContextIdOf(cdp));
  await cdp.send('HeapProfiler.collectGarbage');
  await page.waitForTimeout(FINALIZERS_MS);
  const heap = await measurePageHeap(cdp);
  const dom = await cdp.send('Memory.getDOMCounters');
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  const canvases = await readWebglObjects(page);
  return {
    heapBytes: heap.usedBytes,
    workers: workers.workers,
    workerHeapBytes: workers.usedBytes,
    workerHeaps: workers.list,
    domNodes: dom.nodes,
    elements,
    listeners: dom.jsEventListeners,
    webgl: connectedTotals(canvases),
    canvases,
  };
}

/** Growth from `start` to `end` in % of `start` (0 when both are 0). */
export function growthPercent(start: number, end: number): number {
  if (start === 0) return end === 0 ? 0 : Infinity;
  return ((end - start) / start) * 100;
}
