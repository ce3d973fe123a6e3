import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { dataLanguageFor, type InterfaceLanguage } from '../../data/languages.ts';
import { localize } from '../../data/network.ts';
import { buildStationIndex, searchStations, type StationIndex } from '../../data/station-search.ts';
import type { Network } from '../../data/network.ts';
import { selectStation } from '../../select-station.ts';
import { useAppStore, useStoreApi } from '../store-context.ts';
import { StationIntl } from './StationIntl.tsx';

/** Candidates listed at most. */
const MAX_CANDIDATES = 8;

const indexes = new WeakMap<Network, StationIndex>();
function indexOf(network: Network): StationIndex {
  let index = indexes.get(network);
  if (!index) indexes.set(network, (index = buildStationIndex(network.meta)));
  return index;
}

/**
 * The station search box: candidates as the person types (see
 * `data/station-search.ts`), moved through with the arrow keys; Enter or a
 * click flies to the station and selects it; Escape or a click outside closes.
 */
export default function StationSearch({ onClose }: { onClose: () => void }) {
  return (
    <StationIntl>
      <SearchBox onClose={onClose} />
    </StationIntl>
  );
}

function SearchBox({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const store = useStoreApi();
  const network = useAppStore((s) => s.network);
  const lang = useAppStore((s) => s.lang) as InterfaceLanguage;
  const data = dataLanguageFor(lang);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  const matches = useMemo(() => (network ? searchStations(indexOf(network), query, data, MAX_CANDIDATES) : []), [network, query, data]);

  useEffect(() => input.current?.focus(), []);
  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.parentElement?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [onClose]);

  if (!network) return null;
  const meta = network.meta;
  const choose = (i: number) => {
    const match = matches[i];
    if (!match) return;
    const app = root.current?.closest('.tt-app');
    selectStation(store, match.station, app ? { width: app.clientWidth, height: app.clientHeight } : undefined);
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (matches.length) setActive((active + (event.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') {
      // Closes the search only: the selection stays.
      event.preventDefault();
      event.nativeEvent.stopImmediatePropagation();
      onClose();
    }
  };
  const open = matches.length > 0;
  return (
    <div className="tt-search tt-panel" ref={root} data-testid="station-search">
      <input
        ref={input}
        type="search"
        className="tt-search-input"
        role="combobox"
        aria-label={intl.formatMessage({ id: 'search.label' })}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        placeholder={intl.formatMessage({ id: 'search.placeholder' })}
        value={query}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" className="tt-search-list" aria-label={intl.formatMessage({ id: 'search.label' })}>
        {matches.map((match, i) => {
          const name = localize(meta.stations[match.station].title, data);
          const english = meta.stations[match.station].title.en;
          return (
            <li
              key={`${match.group}-${match.shape}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`tt-search-option${i === active ? ' tt-active' : ''}`}
              data-testid="search-option"
              onPointerEnter={() => setActive(i)}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => choose(i)}
            >
              <span className="tt-search-name">
                {name}
                {english && english !== name && <span className="tt-search-alt" lang="en">{english}</span>}
              </span>
              <span className="tt-search-lines" aria-hidden="true">
                {match.railways.slice(0, 8).map((r) => (
                  <span key={r} className="tt-line-chip" style={{ background: meta.railways[r].color }} />
                ))}
              </span>
            </li>
          );
        })}
      </ul>
      {query.trim() && !open && <p className="tt-search-empty">{intl.formatMessage({ id: 'search.none' })}</p>}
      <p className="tt-sr-only" aria-live="polite">
        {query.trim() ? intl.formatMessage({ id: 'search.results' }, { count: matches.length }) : ''}
      </p>
    </div>
  );
}
