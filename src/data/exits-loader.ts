import { readBundle } from './bundle/container.ts';
import { EXITS_KIND, type ExitMeta, type ExitsMeta } from './bundle/exits-format.ts';
import type { BundleManifest } from './bundle/manifest.ts';
import { lazyBundleLoader } from './lazy-bundle.ts';

/** Decodes an exits bundle file; `source` names it in error messages. */
export function decodeExits(bytes: ArrayBuffer | Uint8Array, source: string): ExitMeta[] {
  return readBundle<ExitsMeta>(bytes, EXITS_KIND, source).meta.exits;
}

/**
 * The bundle's exits, fetched the first time they are asked for (once per manifest; a failed load is tried again on
 * the next call). Rejects with a {@link DataLoadError} that names the URL.
 */
export const loadExits: (manifest: BundleManifest, base: string, fetchImpl?: typeof fetch) => Promise<ExitMeta[]> = lazyBundleLoader<ExitsMeta, ExitMeta[]>({
  what: 'exits',
  kind: EXITS_KIND,
  entry: (manifest) => manifest.exits,
  decode: (meta) => meta.exits,
});
