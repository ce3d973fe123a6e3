import type { NetworkMeta } from '../../data/bundle/network-format.ts';
import { groupNames, type StationGroup } from '../../data/station-groups.ts';

/** A line of a station's transfer group as its popup lists it. */
export interface PopupLine {
  railway: number;
  name: string;
  color: string;
  /** The station's name on this line (shown when the group's stations have different names). */
  station: string;
}

/**
 * What a station's popup shows: the group's distinct names, each line once (in the group's order) with its colour
 * and the station's name on it, the photo URL (of the station pointed at, else of any station of the group), and
 * the Japanese names when the data language is another and they differ.
 */
export function popupLines(meta: NetworkMeta, group: StationGroup, station: number, text: (t: Partial<Record<string, string>>) => string, dataLang: string) {
  const names = groupNames(meta, group, text);
  const lines: PopupLine[] = [];
  for (const s of group.stations) {
    const { railway, title } = meta.stations[s];
    if (railway < 0 || lines.some((l) => l.railway === railway)) continue;
    const r = meta.railways[railway];
    lines.push({ railway, name: text(r.title), color: r.color, station: text(title) });
  }
  const thumbnail = meta.stations[station]?.thumbnail ?? group.stations.map((s) => meta.stations[s].thumbnail).find(Boolean);
  const japanese = dataLang === 'ja' ? '' : groupNames(meta, group, (t) => t.ja ?? '').join(' / ');
  return { names, lines, thumbnail, japanese: japanese && japanese !== names.join(' / ') ? japanese : '' };
}
