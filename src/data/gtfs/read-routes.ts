/**
 * routes.txt: names, types and colours of the routes.
 *
 * @module
 */
import { readCsvTable } from './csv.ts';
import { colorField, contrastingTextColor, integerField } from './field-values.ts';
import { DEFAULT_ROUTE_COLOR, type GtfsRoute, type Rgb } from './feed-model.ts';
import { GtfsError } from './gtfs-error.ts';

const FILE = 'routes.txt';

/**
 * The routes of routes.txt (their `shapes` still empty) and their indexes by id.
 * A route without route_color gets `sourceColor`, else {@link DEFAULT_ROUTE_COLOR}.
 * @throws GtfsError for a missing id or type, a route with neither name, a bad colour, a repeated id, or no route.
 */
export function readRoutes(text: string, sourceColor: Rgb | null): { routes: GtfsRoute[]; index: Map<string, number> } {
  const routes: GtfsRoute[] = [];
  const index = new Map<string, number>();
  readCsvTable(text, FILE, ['route_id', 'route_type'], (row) => {
    const id = row.require('route_id');
    if (index.has(id)) throw row.error('route_id', `route_id ${JSON.stringify(id)} appears twice`);
    const type = integerField(row, 'route_type');
    const shortName = row.get('route_short_name');
    const longName = row.get('route_long_name');
    if (shortName === '' && longName === '') {
      throw row.error('route_short_name', `route ${JSON.stringify(id)} has neither route_short_name nor route_long_name (one is required)`);
    }
    const color = colorField(row, 'route_color') ?? sourceColor ?? DEFAULT_ROUTE_COLOR;
    const textColor = colorField(row, 'route_text_color') ?? contrastingTextColor(color);
    index.set(id, routes.length);
    routes.push({ id, shortName, longName, type, color: [...color], textColor: [...textColor], shapes: [] });
  });
  if (routes.length === 0) throw new GtfsError(`${FILE}: no route (the file has a header but no rows).`, { file: FILE });
  return { routes, index };
}
