/**
 * Opening a GTFS zip with jszip and finding the feed's files in it (at the
 * root, or in the one folder that holds them when the feed was zipped as a
 * folder).
 *
 * @module
 */
import JSZip from 'jszip';
import { GtfsError, messageOf } from './gtfs-error.ts';

/** Files a feed must have, in the order of spec §5; an entry with alternatives needs one of them. */
export const REQUIRED_FILES: readonly (readonly string[])[] = [['agency.txt'], ['stops.txt'], ['routes.txt'], ['trips.txt'], ['stop_times.txt'], ['calendar.txt', 'calendar_dates.txt'], ['shapes.txt']];

/** The feed files of an opened zip. */
export interface GtfsZip {
  /** Whether the zip has this feed file. */
  has(name: string): boolean;
  /** The text of a feed file (UTF-8, byte-order mark dropped), or null when absent. @throws GtfsError when it cannot be inflated. */
  text(name: string): Promise<string | null>;
}

const DECODER = new TextDecoder('utf-8');

/**
 * Opens a zip and checks that it holds every required GTFS file.
 * @throws GtfsError `not a readable zip file (…)`, or naming each missing file, e.g.
 *   `the GTFS zip has no shapes.txt (required: …)`.
 */
export async function openGtfsZip(data: ArrayBuffer | Uint8Array): Promise<GtfsZip> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data);
  } catch (error) {
    throw new GtfsError(`not a readable zip file (${messageOf(error)}).`, {}, { cause: error });
  }
  const entries = feedEntries(zip);
  const missing = REQUIRED_FILES.filter((names) => !names.some((name) => entries.has(name))).map((names) => names.join(' or '));
  if (missing.length > 0) {
    const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
    const all = REQUIRED_FILES.map((names) => names.join(' or ')).join(', ');
    throw new GtfsError(`the GTFS zip has no ${list} (a feed needs ${all}).`, { file: missing[0] });
  }
  return {
    has: (name) => entries.has(name),
    async text(name) {
      const entry = entries.get(name);
      if (!entry) return null;
      let bytes: Uint8Array;
      try {
        bytes = await entry.async('uint8array');
      } catch (error) {
        throw new GtfsError(`${name}: cannot be read from the zip (${messageOf(error)}).`, { file: name }, { cause: error });
      }
      return DECODER.decode(bytes);
    },
  };
}

/** Entries by feed file name: the root's `*.txt` files, else those of the folder holding agency.txt. */
function feedEntries(zip: JSZip): Map<string, JSZip.JSZipObject> {
  const files = Object.values(zip.files).filter((f) => !f.dir && !f.name.startsWith('__MACOSX/') && f.name.toLowerCase().endsWith('.txt'));
  const agency = files.find((f) => f.name === 'agency.txt') ?? files.find((f) => f.name.endsWith('/agency.txt'));
  const folder = agency ? agency.name.slice(0, -'agency.txt'.length) : '';
  const entries = new Map<string, JSZip.JSZipObject>();
  for (const file of files) {
    if (file.name.startsWith(folder) && !file.name.slice(folder.length).includes('/')) entries.set(file.name.slice(folder.length), file);
  }
  return entries;
}
