import { MANIFEST_FILE, type BundleManifest } from './bundle/manifest.ts';
import { decodeNetwork, type Network } from './network.ts';

/** A data file could not be fetched or read; the message names the URL and the cause. */
export class DataLoadError extends Error {
  override name = 'DataLoadError';
  constructor(
    message: string,
    readonly url: string,
  ) {
    super(message);
  }
}

type Fetch = typeof fetch;

/** Resolves a bundle file name against the data URL (a folder; a trailing slash is added when missing). */
export function bundleUrl(dataUrl: string, file: string, base: string): string {
  const folder = new URL(dataUrl.endsWith('/') ? dataUrl : dataUrl + '/', base);
  return new URL(file, folder).href;
}

async function fetchOk(url: string, fetchImpl: Fetch): Promise<Response> {
  let response: Response;
  try {
    response = await fetchImpl(url);
  } catch (e) {
    throw new DataLoadError(`Could not load ${url}: ${(e as Error).message || 'network error'}.`, url);
  }
  if (!response.ok) throw new DataLoadError(`Could not load ${url}: HTTP ${response.status} ${response.statusText}`.trim() + '.', url);
  return response;
}

/** Where each loaded manifest came from, so that files loaded later (on first use) resolve against it. */
const manifestUrls = new WeakMap<BundleManifest, string>();

/** The URL a manifest was loaded from by {@link loadManifest}, or undefined for one made otherwise. */
export const manifestUrl = (manifest: BundleManifest): string | undefined => manifestUrls.get(manifest);

/** Fetches and checks `manifest.json` of the bundle at `dataUrl`. */
export async function loadManifest(dataUrl: string, base: string, fetchImpl: Fetch = fetch): Promise<BundleManifest> {
  const url = bundleUrl(dataUrl, MANIFEST_FILE, base);
  const response = await fetchOk(url, fetchImpl);
  let manifest: BundleManifest;
  try {
    manifest = await response.json();
  } catch (e) {
    throw new DataLoadError(`Could not load ${url}: it is not valid JSON (${(e as Error).message}).`, url);
  }
  if (manifest?.format !== 'tt3d-manifest' || manifest.version !== 1) {
    throw new DataLoadError(`Could not load ${url}: it is not a data bundle manifest of version 1.`, url);
  }
  manifestUrls.set(manifest, url);
  return manifest;
}

/** Fetches a bundle file's bytes. */
export async function loadBundleFile(dataUrl: string, file: string, base: string, fetchImpl: Fetch = fetch): Promise<{ url: string; bytes: ArrayBuffer }> {
  const url = bundleUrl(dataUrl, file, base);
  const response = await fetchOk(url, fetchImpl);
  return { url, bytes: await response.arrayBuffer() };
}

/** Decodes a fetched network file, reporting problems as {@link DataLoadError} with the file's URL. */
export function decodeNetworkFile(bytes: ArrayBuffer, url: string): Network {
  try {
    return decodeNetwork(bytes, url);
  } catch (e) {
    throw new DataLoadError((e as Error).message, url);
  }
}
