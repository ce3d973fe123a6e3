import { Protocol } from 'pmtiles';

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
  registry.addProtocol(PMTILES_PROTOCOL, getPmtilesProtocol().tile);
  registeredModules.add(registry);
}
