import { EtagMismatch, FetchSource, PMTiles, Protocol } from 'pmtiles';

/** URL scheme handled by {@link registerPmtilesProtocol}: `pmtiles://<http(s) URL of the archive>`. */
export const PMTILES_PROTOCOL = 'pmtiles';

/** The subset of the maplibre-gl module this file needs (kept narrow so tests can pass a stub). */
type ProtocolRegistry = Pick<typeof import('maplibre-gl'), 'addProtocol'>;

let sharedProtocol: Protocol | undefined;
const registeredModules = new WeakSet<ProtocolRegistry>();

/**
 * The single pmtiles `Protocol` instance used by every map, so all maps share one archive
 * directory cache per URL. Created on first use.
 */
export function getPmtilesProtocol(): Protocol {
  sharedProtocol ??= new Protocol();
  return sharedProtocol;
}

/**
 * Registers the pmtiles:// protocol with maplibre-gl once (idempotent) using the `pmtiles` package's Protocol.
 *
 * Call it before creating the first map whose style uses a `pmtiles://` source. Calling it again
 * with the same maplibre-gl module does nothing.
 */
export function registerPmtilesProtocol(maplibre: typeof import('maplibre-gl')): void {
  registerWith(maplibre);
}

function registerWith(registry: ProtocolRegistry): void {
  if (registeredModules.has(registry)) return;
  registry.addProtocol(PMTILES_PROTOCOL, (params, abort) => {
    logRangesOf(params.url);
    return getPmtilesProtocol().tile(params, abort);
  });
  registeredModules.add(registry);
}

/** Most byte ranges remembered per archive (a session that pans all day reads more; the first views matter). */
const MAX_LOGGED_RANGES = 2000;
/** The byte ranges read from each archive, `[offset, length]`, by archive URL. */
const rangesRead = new Map<string, Array<[number, number]>>();

/**
 * Reads kept per archive, most recently used last. MapLibre asks for an archive's deepest tile (13 for Tokyo's) once
 * per zoom it draws it at (zooming in from 14 to 16 asks three times) and, where it slices such tiles (its default;
 * see `BASEMAP_OVERSCALE_ZOOMS` in `ui/MapView.tsx`), once per slice, all at once: 12 reads of 4 tiles for a phone's
 * first view at zoom 14. A handful of tiles covers a view, so a few more are kept.
 */
const RECENT_READS = 24;

type RangeResponse = Awaited<ReturnType<FetchSource['getBytes']>>;

/** One read of a byte range, shared by everyone who asks for that range while it is kept. */
interface SharedRead {
  response: Promise<RangeResponse>;
  /** Aborts the fetch once every asker who can cancel has cancelled (and none who cannot is waiting). */
  controller: AbortController;
  /** Askers still waiting for the response; none means the fetch is no longer wanted. */
  waiting: number;
  done: boolean;
}

/**
 * An archive read over HTTP that reads each byte range once while it is wanted: askers of a range already being read
 * or read a moment ago share that read (each gets its own copy of the bytes, which MapLibre may hand to its worker).
 * The ranges actually fetched are remembered for the service worker.
 */
class SharedFetchSource extends FetchSource {
  private readonly reads = new Map<string, SharedRead>();

  constructor(
    url: string,
    private readonly log: Array<[number, number]>,
  ) {
    super(url);
  }

  override async getBytes(offset: number, length: number, signal?: AbortSignal, etag?: string): Promise<RangeResponse> {
    signal?.throwIfAborted();
    const key = `${offset}:${length}:${etag ?? ''}`;
    let read = this.reads.get(key);
    if (read) this.reads.delete(key); // set again below: most recently used last
    else read = this.startRead(key, offset, length, etag);
    this.reads.set(key, read);
    this.forgetOldest();
    const shared = read;
    shared.waiting++;
    let left = false;
    const leave = () => {
      if (!left) shared.waiting--;
      left = true;
    };
    const cancel = () => {
      leave();
      if (shared.waiting > 0 || shared.done) return;
      shared.controller.abort();
      if (this.reads.get(key) === shared) this.reads.delete(key);
    };
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      const response = await shared.response;
      signal?.throwIfAborted();
      return { ...response, data: response.data.slice(0) };
    } finally {
      signal?.removeEventListener('abort', cancel);
      leave();
    }
  }

  private startRead(key: string, offset: number, length: number, etag: string | undefined): SharedRead {
    const controller = new AbortController();
    const read: SharedRead = { response: super.getBytes(offset, length, controller.signal, etag), controller, waiting: 0, done: false };
    read.response.then(
      () => {
        read.done = true;
        if (this.log.length < MAX_LOGGED_RANGES) this.log.push([offset, length]);
      },
      (error: unknown) => {
        // A failed or cancelled read is not kept: the next asker reads again. The archive changed on the server: no
        // read kept is of it any more (pmtiles reads the header again and retries).
        if (error instanceof EtagMismatch) this.reads.clear();
        else if (this.reads.get(key) === read) this.reads.delete(key);
      },
    );
    return read;
  }

  private forgetOldest() {
    for (const [key, read] of this.reads) {
      if (this.reads.size <= RECENT_READS) return;
      // Reads under way stay (their askers wait for them); the oldest finished ones go.
      if (read.done) this.reads.delete(key);
    }
  }
}

/** Gives the archive of a `pmtiles://` URL (its TileJSON or one of its tiles) a source that shares and remembers its reads. */
function logRangesOf(url: string): void {
  const archive = /^pmtiles:\/\/(.+?)(?:\/\d+\/\d+\/\d+)?$/.exec(url)?.[1];
  const protocol = getPmtilesProtocol();
  if (!archive || protocol.get(archive)) return;
  const log: Array<[number, number]> = [];
  rangesRead.set(archive, log);
  protocol.add(new PMTiles(new SharedFetchSource(archive, log)));
}

/**
 * The byte ranges read so far from each base-map archive, `[offset, length]`: the app's service worker, which starts
 * after the first view, fetches them once more to keep them for use with no network.
 */
export function basemapRangesRead(): { url: string; ranges: Array<[number, number]> }[] {
  return [...rangesRead].map(([url, ranges]) => ({ url, ranges: [...ranges] }));
}
