import type { CDPSession } from 'playwright-core';

/** One request the page made, as the Network domain of CDP saw it. */
export interface RecordedRequest {
  requestId: string;
  url: string;
  /** CDP resource type: Document, Script, Fetch, Stylesheet, Other … */
  type: string;
  status?: number;
  mimeType?: string;
  contentEncoding?: string;
  /** Bytes received on the wire, headers included (Network.loadingFinished encodedDataLength). */
  encodedDataLength?: number;
  finished: boolean;
  failed?: string;
}

/**
 * Records the requests of one page via CDP. Requests made by workers (their
 * own fetches) are not seen here; a worker's main script is seen as sent but
 * never as finished, so use Resource Timing for it.
 */
export class NetworkRecorder {
  private readonly requests = new Map<string, RecordedRequest>();
  private readonly waiters: (() => void)[] = [];

  private constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e) => {
      this.requests.set(e.requestId, { requestId: e.requestId, url: e.request.url, type: e.type ?? 'Other', finished: false });
    });
    cdp.on('Network.responseReceived', (e) => {
      const request = this.requests.get(e.requestId);
      if (!request) return;
      request.status = e.response.status;
      request.mimeType = e.response.mimeType;
      request.contentEncoding = headerValue(e.response.headers, 'content-encoding');
    });
    cdp.on('Network.loadingFinished', (e) => {
      const request = this.requests.get(e.requestId);
      if (!request) return;
      request.encodedDataLength = e.encodedDataLength;
      request.finished = true;
      this.notify();
    });
    cdp.on('Network.loadingFailed', (e) => {
      const request = this.requests.get(e.requestId);
      if (!request) return;
      request.failed = e.errorText;
      request.finished = true;
      this.notify();
    });
  }

  /** Enables the Network domain on `cdp` and starts recording (call before navigating). */
  static async start(cdp: CDPSession): Promise<NetworkRecorder> {
    const recorder = new NetworkRecorder(cdp);
    await cdp.send('Network.enable');
    return recorder;
  }

  /** Every request so far, in the order they were sent. */
  all(): RecordedRequest[] {
    return [...this.requests.values()];
  }

  /** Finished requests whose URL passes `filter`. */
  finished(filter: (url: URL) => boolean): RecordedRequest[] {
    return this.all().filter((r) => r.finished && !r.failed && filter(new URL(r.url)));
  }

  /** Waits until a request for `url` has finished (loadingFinished may trail the page's own view of the response). */
  async waitForFinished(url: string, timeoutMs = 5000): Promise<RecordedRequest> {
    const request = await this.waitForRequest((r) => r.url === url, timeoutMs);
    if (!request) throw new Error(`No finished request for ${url} after ${timeoutMs} ms.`);
    if (request.failed) throw new Error(`Request for ${url} failed: ${request.failed}`);
    return request;
  }

  /** Waits until a request passing `filter` has finished (or failed); null after `timeoutMs`. */
  async waitForRequest(filter: (r: RecordedRequest) => boolean, timeoutMs: number): Promise<RecordedRequest | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const request = this.all().find((r) => r.finished && filter(r));
      if (request) return request;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private notify() {
    for (const wake of this.waiters.splice(0)) wake();
  }
}

function headerValue(headers: Record<string, unknown>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : String(headers[key]);
}
