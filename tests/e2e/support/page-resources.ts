/**
 * What a page holds after a map is removed: its dedicated workers (as Playwright sees them start and end), its
 * WebGL contexts still alive (neither lost nor collected, after a garbage collection) and its JS heap.
 * {@link trackWebglContexts} must be added before the page loads.
 */
import type { CDPSession, Page } from '@playwright/test';

/** Makes the page remember each WebGL context it creates (weakly: a context the page dropped can be collected). */
export async function trackWebglContexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const contexts: { ref: WeakRef<WebGLRenderingContext | WebGL2RenderingContext>; stack: string }[] = [];
    const getContext = HTMLCanvasElement.prototype.getContext as (this: HTMLCanvasElement, type: string, options?: unknown) => RenderingContext | null;
    const seen = new WeakSet<object>();
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, options?: unknown) {
      const context = getContext.call(this, type, options);
      if (context && /webgl/.test(type) && !seen.has(context)) {
        seen.add(context);
        contexts.push({ ref: new WeakRef(context as WebGL2RenderingContext), stack: new Error().stack ?? '' });
      }
      return context;
    } as typeof HTMLCanvasElement.prototype.getContext;
    (window as unknown as { liveWebglContexts: () => string[] }).liveWebglContexts = () =>
      contexts
        .filter(({ ref }) => {
          const context = ref.deref();
          return context !== undefined && !context.isContextLost();
        })
        .map(({ stack }) => stack.split('\n').slice(2, 6).join(' < '));
  });
}

/** Resources the page holds now, after a full garbage collection. */
export interface PageResources {
  workers: number;
  webglContexts: number;
  /** Where each live context was created (a few frames of its stack). */
  webglContextOrigins: string[];
  heapBytes: number;
  /**
   * What the page's objects take (JS objects and the browser's own behind them), by a heap snapshot: the heap
   * without V8's compiled code, which grows as the engine optimises what runs often (to a bound), not with what the
   * page keeps.
   */
  retainedBytes: number;
}

/** The self size of every node of a heap snapshot taken through `session`, but compiled code. */
async function retainedBytes(session: CDPSession): Promise<number> {
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  session.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    session.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  const { snapshot, nodes } = JSON.parse(chunks.join('')) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[] };
  const fields = snapshot.meta.node_fields;
  const [stride, typeField, sizeField] = [fields.length, fields.indexOf('type'), fields.indexOf('self_size')];
  const code = snapshot.meta.node_types[0].indexOf('code');
  let bytes = 0;
  for (let i = 0; i < nodes.length; i += stride) if (nodes[i + typeField] !== code) bytes += nodes[i + sizeField];
  return bytes;
}

/** Collects garbage (twice: WeakRefs are cleared in the next turn), then counts. */
export async function pageResources(page: Page): Promise<PageResources> {
  const session = await page.context().newCDPSession(page);
  try {
    for (let i = 0; i < 2; i++) {
      await session.send('HeapProfiler.collectGarbage');
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0))); // the page's next task
    }
    const { usedSize } = await session.send('Runtime.getHeapUsage');
    const origins = await page.evaluate(() => (window as unknown as { liveWebglContexts: () => string[] }).liveWebglContexts());
    return { workers: page.workers().length, webglContexts: origins.length, webglContextOrigins: origins, heapBytes: usedSize, retainedBytes: await retainedBytes(session) };
  } finally {
    await session.detach();
  }
}
