import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { selectStation } from '../../select-station.ts';
import { useStoreApi } from '../store-context.ts';
import { StationCandidates, useStationSearch } from './station-candidates.tsx';
import { StationIntl } from './StationIntl.tsx';

/** Candidates listed at most. */
const MAX_CANDIDATES = 8;

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
  const search = useStationSearch(MAX_CANDIDATES);
  const { network, query, matches, active, listId } = search;
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.parentElement?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [onClose]);

  if (!network) return null;
  const choose = (i: number) => {
    const match = matches[i];
    if (!match) return;
    const app = root.current?.closest('.tt-app');
    selectStation(store, match.station, app ? { width: app.clientWidth, height: app.clientHeight } : undefined);
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (search.moveWith(event)) return;
    if (event.key === 'Enter') {
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
        onChange={(event) => search.type(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" className="tt-search-list" aria-label={intl.formatMessage({ id: 'search.label' })}>
        <StationCandidates search={search} lines={8} testId="search-option" onChoose={choose} />
      </ul>
      {query.trim() && !open && <p className="tt-search-empty">{intl.formatMessage({ id: 'search.none' })}</p>}
      <p className="tt-sr-only" aria-live="polite">
        {query.trim() ? intl.formatMessage({ id: 'search.results' }, { count: matches.length }) : ''}
      </p>
    </div>
  );
}
