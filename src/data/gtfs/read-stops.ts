/**
 * stops.txt: stops, stations and entrances with their positions.
 *
 * @module
 */
import { readCsvTable } from './csv.ts';
import { coordinateField, enumField } from './field-values.ts';
import type { GtfsStop } from './feed-model.ts';
import { GtfsError, where } from './gtfs-error.ts';

const FILE = 'stops.txt';

/**
 * The stops of location types 0–2 (stops, stations, entrances; generic nodes
 * and boarding areas, types 3 and 4, are not drawn and are left out) and their
 * indexes by id.
 * @throws GtfsError for a missing id, name or coordinate, a bad value, a repeated id, an unknown parent station, or no stop.
 */
export function readStops(text: string): { stops: GtfsStop[]; index: Map<string, number> } {
  const stops: GtfsStop[] = [];
  const index = new Map<string, number>();
  const parents: { stop: number; parentId: string; line: number }[] = [];
  const seen = new Set<string>();
  readCsvTable(text, FILE, ['stop_id'], (row) => {
    const id = row.require('stop_id');
    if (seen.has(id)) throw row.error('stop_id', `stop_id ${JSON.stringify(id)} appears twice`);
    seen.add(id);
    const locationType = enumField(row, 'location_type', [0, 1, 2, 3, 4], 0);
    if (locationType > 2) return;
    const name = row.require('stop_name');
    const lat = coordinateField(row, 'stop_lat', 90);
    const lng = coordinateField(row, 'stop_lon', 180);
    const parentId = row.get('parent_station');
    if (parentId !== '') parents.push({ stop: stops.length, parentId, line: row.line });
    index.set(id, stops.length);
    stops.push({ id, name, lng, lat, locationType, parent: -1 });
  });
  if (stops.length === 0) throw new GtfsError(`${FILE}: no stop (the file has a header but no rows).`, { file: FILE });
  for (const { stop, parentId, line } of parents) {
    const parent = index.get(parentId);
    if (parent === undefined) {
      throw new GtfsError(`${where(FILE, line)}: parent_station ${JSON.stringify(parentId)} is not a stop of ${FILE}.`, { file: FILE, line, field: 'parent_station' });
    }
    stops[stop].parent = parent;
  }
  return { stops, index };
}
