import type { Browser, CDPSession } from 'playwright-core';

/** V8 heap figures of one isolate after a forced garbage collection. */
export interface HeapFigures {
  /** Used JS heap (Runtime.getHeapUsage usedSize; equals Performance.getMetrics JSHeapUsedSize). */
  usedBytes: number;
  /** Memory of ArrayBuffers (typed arrays) outside the JS heap. */
  backingStoreBytes: number;
}

interface HeapUsage {
  usedSize: number;
  totalSize: number;
  backingStorageSize?: number;
}

/** Forces a full GC in the page's main isolate, then reads its heap usage. */
export async function measurePageHeap(cdp: CDPSession): Promise<HeapFigures> {
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = (await cdp.send('Runtime.getHeapUsage')) as HeapUsage;
  return { usedBytes: usage.usedSize, backingStoreBytes: usage.backingStorageSize ?? 0 };
}

/** Reads JSHeapUsedSize of Performance.getMetrics (a cross-check of {@link measurePageHeap}). */
export async function performanceMetricHeap(cdp: CDPSession): Promise<number> {
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
}

/** The browser context id of the page `cdp` is attached to. */
export async function browserContextIdOf(cdp: CDPSession): Promise<string | undefined> {
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  return targetInfo.browserContextId;
}

/** Heap of one dedicated worker after GC. */
export interface WorkerHeap extends HeapFigures {
  /** Script URL of the worker. */
  url: string;
  /** Target title (the worker's name when it was given one, else its URL). */
  title: string;
}

/**
 * Forces a GC in every dedicated worker of one browser context (the page's:
 * MapLibre's and the train simulation's) and reads their heaps, one by one
 * and summed. Attaches through the browser's CDP session in non-flat mode,
 * because Playwright gives no CDP session for workers.
 */
export async function measureWorkerHeaps(browser: Browser, browserContextId: string | undefined): Promise<HeapFigures & { workers: number; list: WorkerHeap[] }> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await session.send('Target.getTargets');
    const workers = targetInfos.filter((t) => t.type === 'worker' && t.browserContextId === browserContextId);
    const total = { usedBytes: 0, backingStoreBytes: 0, workers: workers.length, list: [] as WorkerHeap[] };
    for (const worker of workers) {
      const { sessionId } = await session.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
      try {
        const call = childCaller(session, sessionId);
        await call('HeapProfiler.collectGarbage');
        const usage = (await call('Runtime.getHeapUsage')) as HeapUsage;
        total.usedBytes += usage.usedSize;
        total.backingStoreBytes += usage.backingStorageSize ?? 0;
        total.list.push({ url: worker.url, title: worker.title, usedBytes: usage.usedSize, backingStoreBytes: usage.backingStorageSize ?? 0 });
      } finally {
        await session.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
      }
    }
    return total;
  } finally {
    await session.detach().catch(() => undefined);
  }
}

/** Sends CDP commands to an attached (non-flat) child target and resolves with their results. */
function childCaller(session: CDPSession, sessionId: string) {
  let nextId = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  session.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
    const waiter = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id!);
    if (message.error) waiter.reject(new Error(message.error.message));
    else waiter.resolve(message.result);
  });
  return (method: string, params: Record<string, unknown> = {}, timeoutMs = 10_000): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`Worker did not answer ${method} within ${timeoutMs} ms.`));
      }, timeoutMs);
      pending.set(id, {
        resolve: (v) => (clearTimeout(timer), resolve(v)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
    });
}
