/**
 * A base map with nothing in it, for tests that read none of the base map's pixels.
 *
 * Two thirds of the CPU a map load takes under software WebGL is the base map (its tiles fetched, parsed and drawn
 * in MapLibre's workers, its labels placed, its glyphs loaded), and a test whose subject is trains, panels or the
 * API pays for it in every load and in every frame after it. Such a test routes the base map's archive to this one:
 * a valid PMTiles archive of vector tiles over the same area with no tile in it, so MapLibre draws only the style's
 * background and the app loads as usual, with no error. The tests that look at the base map keep the real archive:
 * `app-load`, `basemap-resolution`, `static-site`, `offline`, `consumer`, the first test of `library`, the base-map
 * tests of `light` and `lines`, and the API example marked `basemap: drawn`.
 */
import type { BrowserContext, Page, Route } from '@playwright/test';

/** The archives the app and the library read: `basemap/tokyo.pmtiles` beside the data, on any host. */
const BASEMAP_ARCHIVES = '**/basemap/*.pmtiles';

/** Length of a PMTiles v3 header. */
const HEADER_BYTES = 127;

/** A PMTiles v3 archive of vector tiles (zoom 0–13 over Tokyo's area) whose root directory lists no tile. */
function emptyArchive(): Buffer {
  const metadata = Buffer.from(JSON.stringify({ name: 'empty base map', vector_layers: [] }));
  const rootDirectory = Buffer.from([0]); // a varint: no entries
  const archive = Buffer.alloc(HEADER_BYTES + rootDirectory.length + metadata.length);
  archive.write('PMTiles', 0, 'latin1');
  archive.writeUInt8(3, 7);
  const u64 = (offset: number, value: number) => archive.writeBigUInt64LE(BigInt(value), offset);
  u64(8, HEADER_BYTES); // root directory
  u64(16, rootDirectory.length);
  u64(24, HEADER_BYTES + rootDirectory.length); // metadata
  u64(32, metadata.length);
  u64(40, archive.length); // leaf directories: none
  u64(48, 0);
  u64(56, archive.length); // tile data: none
  u64(64, 0);
  // Addressed tiles, tile entries and tile contents: 0 (already zero).
  archive.writeUInt8(1, 96); // clustered
  archive.writeUInt8(1, 97); // internal compression: none
  archive.writeUInt8(1, 98); // tile compression: none
  archive.writeUInt8(1, 99); // tile type: MVT
  archive.writeUInt8(0, 100); // min zoom
  archive.writeUInt8(13, 101); // max zoom, as the real archive's
  const e7 = (offset: number, degrees: number) => archive.writeInt32LE(Math.round(degrees * 1e7), offset);
  e7(102, 138.9);
  e7(106, 35.1);
  e7(110, 140.9);
  e7(114, 36.3);
  archive.writeUInt8(10, 118);
  e7(119, 139.767);
  e7(123, 35.681);
  rootDirectory.copy(archive, HEADER_BYTES);
  metadata.copy(archive, HEADER_BYTES + rootDirectory.length);
  return archive;
}

const ARCHIVE = emptyArchive();

/** Answers a byte-range request as a server with HTTP range support does. */
function serveRange(route: Route): Promise<void> {
  const range = /bytes=(\d+)-(\d*)/.exec(route.request().headers()['range'] ?? '');
  const headers = { 'access-control-allow-origin': '*', 'accept-ranges': 'bytes', 'content-type': 'application/octet-stream' };
  if (!range) return route.fulfill({ status: 200, headers, body: ARCHIVE });
  const start = Number(range[1]);
  const end = Math.min(range[2] ? Number(range[2]) : ARCHIVE.length - 1, ARCHIVE.length - 1);
  return route.fulfill({
    status: 206,
    headers: { ...headers, 'content-range': `bytes ${start}-${end}/${ARCHIVE.length}` },
    body: ARCHIVE.subarray(start, end + 1),
  });
}

/** Serves the empty base map to every page of `target` from now on. */
export async function serveEmptyBasemap(target: Page | BrowserContext): Promise<void> {
  await target.route(BASEMAP_ARCHIVES, serveRange);
}
