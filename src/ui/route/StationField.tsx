import type { KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { localize } from '../../data/network.ts';
import { stationGroupOf } from '../../data/station-groups.ts';
import type { RouteEnd } from '../../store.ts';
import { StationCandidates, useStationSearch } from '../station/station-candidates.tsx';

/** Candidates listed at most (as the station search). */
const MAX_CANDIDATES = 6;

/**
 * One end of the route search: the chosen station's name, or a box that lists
 * the station search's candidates as the person types (arrows, Enter). While
 * it is the end being picked, a station clicked on the map fills it in.
 */
export function StationField({ end, value, picking, onChange, onPick }: { end: 'from' | 'to'; value: RouteEnd | null; picking: boolean; onChange: (value: RouteEnd | null) => void; onPick: () => void }) {
  const intl = useIntl();
  const search = useStationSearch(MAX_CANDIDATES);
  const { network, data, query, matches, active, listId } = search;
  if (!network) return null;
  const meta = network.meta;
  const label = intl.formatMessage({ id: end === 'from' ? 'route.from' : 'route.to' });
  const choose = (i: number) => {
    const match = matches[i];
    const group = match && stationGroupOf(meta, match.station);
    if (!match || !group) return;
    search.type('');
    onChange({ station: match.station, stations: group.stations });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (search.moveWith(event)) return;
    if (event.key === 'Enter' && matches.length) {
      event.preventDefault();
      choose(active);
    }
  };
  if (value) {
    const railways = [...new Set(value.stations.map((s) => meta.stations[s].railway))];
    return (
      <div className={`tt-route-field${picking ? ' tt-picking' : ''}`} data-testid={`route-${end}`}>
        <span className="tt-route-field-label">{label}</span>
        <button type="button" className="tt-route-chosen" data-testid={`route-${end}-name`} aria-label={`${label}: ${localize(meta.stations[value.station].title, data)}`} onClick={() => onChange(null)}>
          <span className="tt-route-chosen-name">{localize(meta.stations[value.station].title, data)}</span>
          <span className="tt-search-lines" aria-hidden="true">
            {railways.slice(0, 6).map((r) => (
              <span key={r} className="tt-line-chip" style={{ background: meta.railways[r].color }} />
            ))}
          </span>
        </button>
      </div>
    );
  }
  const open = matches.length > 0;
  return (
    <div className={`tt-route-field${picking ? ' tt-picking' : ''}`} data-testid={`route-${end}`}>
      <label className="tt-route-field-label" htmlFor={`${listId}-input`}>
        {label}
      </label>
      <div className="tt-route-combo">
        <input
          id={`${listId}-input`}
          type="search"
          className="tt-search-input"
          role="combobox"
          data-testid={`route-${end}-input`}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${listId}-${Math.min(active, matches.length - 1)}` : undefined}
          placeholder={intl.formatMessage({ id: 'route.placeholder' })}
          title={intl.formatMessage({ id: 'route.pickHint' })}
          value={query}
          autoComplete="off"
          spellCheck={false}
          onFocus={onPick}
          onChange={(event) => search.type(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <ul id={listId} role="listbox" className="tt-search-list tt-route-list" aria-label={label}>
          <StationCandidates search={search} lines={6} testId="route-option" onChoose={choose} />
        </ul>
      </div>
      {picking && <p className="tt-route-hint">{intl.formatMessage({ id: 'route.pickHint' })}</p>}
    </div>
  );
}
