import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { localize, type Network } from '../../data/network.ts';
import { buildStationIndex, searchStations, type StationIndex, type StationMatch } from '../../data/station-search.ts';
import { useDataLanguage } from '../use-names.ts';
import { useAppStore } from '../store-context.ts';

const indexes = new WeakMap<Network, StationIndex>();
function indexOf(network: Network): StationIndex {
  let index = indexes.get(network);
  if (!index) indexes.set(network, (index = buildStationIndex(network.meta)));
  return index;
}

/** A station search box's state: what is typed, its candidates, and the one the arrow keys are on. */
export interface StationSearchState {
  network: Network | null;
  /** The data language names are shown in. */
  data: string;
  query: string;
  /** Sets what is typed (the first candidate becomes the active one). */
  type(query: string): void;
  matches: StationMatch[];
  active: number;
  setActive(index: number): void;
  /** Id of the candidates' list (`${listId}-${i}` are the candidates). */
  listId: string;
  /** Moves through the candidates with the arrow keys; returns whether the key did. */
  moveWith(event: KeyboardEvent<HTMLInputElement>): boolean;
}

/** The station search (see `data/station-search.ts`) as a box needs it: up to `limit` candidates of the typed name. */
export function useStationSearch(limit: number): StationSearchState {
  const network = useAppStore((s) => s.network);
  const data = useDataLanguage();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const matches = useMemo(() => (network ? searchStations(indexOf(network), query, data, limit) : []), [network, query, data, limit]);
  const type = (value: string) => {
    setQuery(value);
    setActive(0);
  };
  const moveWith = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return false;
    event.preventDefault();
    if (matches.length) setActive((active + (event.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
    return true;
  };
  return { network, data, query, type, matches, active, setActive, listId, moveWith };
}

/** The candidates of a station search box as list options: name (and English name), and the colours of its lines. */
export function StationCandidates({ search, lines, testId, onChoose }: { search: StationSearchState; lines: number; testId: string; onChoose: (index: number) => void }) {
  const { network, data, matches, active, setActive, listId } = search;
  if (!network) return null;
  const meta = network.meta;
  return matches.map((match, i) => {
    const name = localize(meta.stations[match.station].title, data);
    const english = meta.stations[match.station].title.en;
    return (
      <li
        key={`${match.group}-${match.shape}`}
        id={`${listId}-${i}`}
        role="option"
        aria-selected={i === active}
        className={`tt-search-option${i === active ? ' tt-active' : ''}`}
        data-testid={testId}
        onPointerEnter={() => setActive(i)}
        onPointerDown={(event) => event.preventDefault()}
        onClick={() => onChoose(i)}
      >
        <span className="tt-search-name">
          {name}
          {english && english !== name && <span className="tt-search-alt" lang="en">{english}</span>}
        </span>
        <span className="tt-search-lines" aria-hidden="true">
          {match.railways.slice(0, lines).map((r) => (
            <span key={r} className="tt-line-chip" style={{ background: meta.railways[r].color }} />
          ))}
        </span>
      </li>
    );
  });
}
