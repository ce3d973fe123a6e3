/**
 * Station search: candidates for what a person has typed, from the station
 * names of the network in every data language.
 *
 * A candidate is a station name within a transfer group: the physical
 * stations (shapes) of that name, whatever their operators. Names are compared
 * after {@link normalizeName} (case, width, accents, spaces and punctuation
 * ignored), in the interface's data language and, for every language, also
 * in English and Japanese, so "shinj", "新宿" and "신주쿠" all find Shinjuku.
 * Ranking: exact name, then prefix, then substring (of the name or of one
 * of its words); then busier stations (more lines) first; then the shorter
 * name; then alphabetical order.
 *
 * @module
 */
import type { LocalizedText, NetworkMeta } from './bundle/network-format.ts';

/** One searchable physical station. */
export interface StationCandidate {
  /** Index of the first station shape (see `NetworkMeta.shapes`). */
  shape: number;
  /** Every station shape of this name in its transfer group (several operators' "Shinjuku"). */
  shapes: number[];
  /** The shape's first station (index into `NetworkMeta.stations`): its id and title stand for the candidate. */
  station: number;
  /** Railway indices of the lines that stop here, in network order, without repeats. */
  railways: number[];
  /** Transfer group index. */
  group: number;
}

/** A candidate with how well it matched. */
export interface StationMatch extends StationCandidate {
  /** 0 exact, 1 prefix of the name, 2 prefix of a word, 3 substring. */
  rank: number;
  /** The language whose name matched. */
  matchedLanguage: string;
}

interface Entry extends StationCandidate {
  /** Normalised names by language. */
  names: Array<{ lang: string; key: string; words: string[] }>;
}

/** The prepared index: build once per network with {@link buildStationIndex}. */
export interface StationIndex {
  entries: Entry[];
}

/** Languages searched whatever the interface language: names are typed in English and Japanese everywhere. */
const ALWAYS_SEARCHED = ['en', 'ja'];

/**
 * The comparable form of a name or query: NFKC (full-width letters and
 * half-width kana become ordinary), lower case, accents removed (Ōtemachi →
 * otemachi), and spaces, hyphens, dots, apostrophes and brackets dropped.
 */
export function normalizeName(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/[\s\-‐‑–—・·.'’"()（）[\]「」『』]/g, '');
}

/** Words of a name (split on spaces, hyphens and dots), normalised, for word-prefix matches ("Kamiyacho" in "Kamiyacho (Azabudai Hills)"). */
function wordsOf(text: string): string[] {
  return text
    .split(/[\s\-‐‑–—・·.()（）/]+/)
    .map(normalizeName)
    .filter((w) => w.length > 0);
}

/**
 * Builds the search index of a network: one entry per name within a transfer group (the physical stations of
 * several operators called "Shinjuku" in one group are one candidate), stations of drawn lines only.
 */
export function buildStationIndex(meta: NetworkMeta): StationIndex {
  const byKey = new Map<string, Entry & { nameSets: Map<string, Set<string>> }>();
  meta.shapes.forEach((shape, index) => {
    const members = shape.stations.filter((s) => meta.stations[s] && meta.stations[s].railway >= 0);
    if (!members.length) return;
    const title = meta.stations[members[0]].title;
    const key = `${shape.group}|${normalizeName(title.en ?? title.ja ?? '')}`;
    let entry = byKey.get(key);
    if (!entry) {
      entry = { shape: index, shapes: [], station: members[0], railways: [], group: shape.group, names: [], nameSets: new Map() };
      byKey.set(key, entry);
    }
    entry.shapes.push(index);
    for (const s of members) {
      if (!entry.railways.includes(meta.stations[s].railway)) entry.railways.push(meta.stations[s].railway);
      addNames(entry.nameSets, meta.stations[s].title);
    }
  });
  const entries: Entry[] = [];
  for (const { nameSets, ...entry } of byKey.values()) {
    entry.names = [...nameSets].flatMap(([lang, set]) => [...set].map((name) => ({ lang, key: normalizeName(name), words: wordsOf(name) })));
    entries.push(entry);
  }
  return { entries };
}

function addNames(names: Map<string, Set<string>>, title: LocalizedText): void {
  for (const [lang, text] of Object.entries(title)) {
    if (!text) continue;
    if (!names.has(lang)) names.set(lang, new Set());
    names.get(lang)!.add(text);
  }
}

/**
 * The best `limit` candidates for `query` in data language `lang` (English
 * and Japanese names are searched too). An empty query has no candidates.
 */
export function searchStations(index: StationIndex, query: string, lang: string, limit = 8): StationMatch[] {
  const q = normalizeName(query);
  if (!q) return [];
  const languages = new Set([lang, ...ALWAYS_SEARCHED]);
  const matches: Array<StationMatch & { length: number; sortName: string }> = [];
  for (const entry of index.entries) {
    let best = Infinity;
    let matchedLanguage = '';
    let length = Infinity;
    for (const name of entry.names) {
      if (!languages.has(name.lang)) continue;
      const rank = name.key === q ? 0 : name.key.startsWith(q) ? 1 : name.words.some((w) => w.startsWith(q)) ? 2 : name.key.includes(q) ? 3 : Infinity;
      if (rank < best || (rank === best && name.key.length < length)) {
        best = rank;
        matchedLanguage = name.lang;
        length = name.key.length;
      }
    }
    if (best === Infinity) continue;
    const sortName = entry.names.find((n) => n.lang === 'en')?.key ?? entry.names[0].key;
    const { names: _names, ...candidate } = entry;
    matches.push({ ...candidate, rank: best, matchedLanguage, length, sortName });
  }
  matches.sort((a, b) => a.rank - b.rank || b.railways.length - a.railways.length || a.length - b.length || a.sortName.localeCompare(b.sortName));
  return matches.slice(0, limit).map(({ length: _l, sortName: _s, ...match }) => match);
}
