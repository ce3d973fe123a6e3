import { FetchSource, PMTiles, Protocol } from 'pmtiles';

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

/** An archive read over HTTP whose reads are remembered. */
class LoggedFetchSource extends FetchSource {
  constructor(
    url: string,
    private readonly log: Array<[number, number]>,
  ) {
    super(url);
  }

  override async getBytes(offset: number, length: number, signal?: AbortSignal, etag?: string) {
    const bytes = await super.getBytes(offset, length, signal, etag);
    if (this.log.length < MAX_LOGGED_RANGES) this.log.push([offset, length]);
    return bytes;
  }
}

/** Gives the archive of a `pmtiles://` URL (its TileJSON or one of its tiles) a source that remembers its reads. */
function logRangesOf(url: string): void {
  const archive = /^pmtiles:\/\/(.+?)(?:\/\d+\/\d+\/\d+)?$/.exec(url)?.[1];
  const protocol = getPmtilesProtocol();
  if (!archive || protocol.get(archive)) return;
  const log: Array<[number, number]> = [];
  rangesRead.set(archive, log);
  protocol.add(new PMTiles(new LoggedFetchSource(archive, log)));
}

/**
 * The byte ranges read so far from each base-map archive, `[offset, length]`: the app's service worker, which starts
 * after the first view, fetches them once more to keep them for use with no network.
 */
export function basemapRangesRead(): { url: string; ranges: Array<[number, number]> }[] {
  return [...rangesRead].map(([url, ranges]) => ({ url, ranges: [...ranges] }));
}
