/**
 * agency.txt: the operators and the feed's time zone.
 *
 * @module
 */
import { readCsvTable } from './csv.ts';
import type { GtfsAgency } from './feed-model.ts';
import { GtfsError } from './gtfs-error.ts';

const FILE = 'agency.txt';

/** Whether `timeZone` is an IANA time zone this JavaScript engine knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The agencies of agency.txt and their shared time zone.
 * @throws GtfsError for a missing name or time zone, an unknown time zone,
 *   agencies in different time zones, or an empty file.
 */
export function readAgencies(text: string): { agencies: GtfsAgency[]; timezone: string } {
  const agencies: GtfsAgency[] = [];
  let first: { timezone: string; line: number } | null = null;
  readCsvTable(text, FILE, ['agency_name', 'agency_timezone'], (row) => {
    const name = row.require('agency_name');
    const timezone = row.require('agency_timezone');
    if (!isTimeZone(timezone)) throw row.error('agency_timezone', `agency_timezone ${JSON.stringify(timezone)} is not an IANA time zone (e.g. "Asia/Tokyo")`);
    if (first === null) first = { timezone, line: row.line };
    else if (timezone !== first.timezone) {
      throw row.error('agency_timezone', `agency_timezone ${JSON.stringify(timezone)} differs from ${JSON.stringify(first.timezone)} on line ${first.line} (all agencies of a feed must share one)`);
    }
    agencies.push({ id: row.get('agency_id'), name, timezone });
  });
  if (agencies.length === 0) throw new GtfsError(`${FILE}: no agency (the file has a header but no rows).`, { file: FILE });
  return { agencies, timezone: agencies[0].timezone };
}
