import type { ExitMeta } from '../bundle/exits-format.ts';
import type { SourceData } from './source.ts';

/**
 * The exits bundle's records, in source order: stations refer to them by
 * that index (the network step indexes `source.poi` the same way).
 */
export function buildExits(source: SourceData): ExitMeta[] {
  return source.poi.map((p) => ({
    id: p.id,
    coord: [p.coord[0], p.coord[1]],
    title: p.title,
    ...(p.description ? { description: p.description } : {}),
    facilities: p.facilities ?? [],
    ...(p.uptime ? { uptime: p.uptime.map(({ open, close, calendar }) => ({ open, close, ...(calendar ? { calendar } : {}) })) } : {}),
  }));
}
