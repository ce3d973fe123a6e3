import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppStore, useStoreApi } from '../store-context.ts';
import { CloseButton } from '../PanelButtons.tsx';
import { formatServiceMinutes } from '../use-names.ts';
import { sharesStation } from '../../data/routing/route-error.ts';
import { runRouteSearch, serviceSecondsAt, serviceSecondsOf, type RouteNotice } from './route-search.ts';
import { StationField } from './StationField.tsx';

/** The route search criteria: origin, destination (typed or clicked on the map), departure now or at a time today, Search. */
export function CriteriaPanel() {
  const intl = useIntl();
  const store = useStoreApi();
  const criteria = useAppStore((s) => s.routeCriteria);
  const [busy, setBusy] = useState(false);
  const noticeId = useId();
  const [notice, setNotice] = useState<RouteNotice | null>(null);
  const [time, setTime] = useState(() => (criteria.departure !== null ? formatServiceMinutes(Math.floor(criteria.departure / 60)) : ''));
  const setEnd = (end: 'from' | 'to') => (value: Parameters<ReturnType<typeof store.getState>['setRouteEnd']>[0]) => {
    setNotice(null);
    // A cleared end is the one a station clicked on the map fills in next.
    store.getState().setRouteEnd(value, end);
  };
  const setDeparture = (departure: number | null) => store.getState().setRouteDeparture(departure);
  const search = async () => {
    setBusy(true);
    setNotice(null);
    try {
      setNotice(await runRouteSearch(store));
    } finally {
      setBusy(false);
    }
  };
  const atTime = criteria.departure !== null;
  // Nothing to search between a station and itself (or its transfer group): say so before the search.
  const samePlace = !!criteria.from && !!criteria.to && sharesStation(criteria.from.stations, criteria.to.stations);
  const shown: RouteNotice | null = samePlace ? { id: 'route.samePlace' } : notice;
  return (
    <section className="tt-panel tt-route" data-testid="route-criteria" aria-label={intl.formatMessage({ id: 'route.criteria' })}>
      <header className="tt-route-header">
        <h2 className="tt-route-title">{intl.formatMessage({ id: 'route.criteria' })}</h2>
        <CloseButton testId="route-close" label={intl.formatMessage({ id: 'route.close' })} onClose={() => store.getState().closeRouteSearch()} />
      </header>
      <form
        className="tt-route-form"
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
      >
        <StationField end="from" value={criteria.from} picking={criteria.picking === 'from' && !criteria.from} onChange={setEnd('from')} onPick={() => store.getState().pickRouteEnd('from')} />
        <button
          type="button"
          className="tt-route-swap"
          data-testid="route-swap"
          aria-label={intl.formatMessage({ id: 'route.swap' })}
          title={intl.formatMessage({ id: 'route.swap' })}
          onClick={() => store.getState().swapRouteEnds()}
        >
          ⇅
        </button>
        <StationField end="to" value={criteria.to} picking={criteria.picking === 'to' && !criteria.to} onChange={setEnd('to')} onPick={() => store.getState().pickRouteEnd('to')} />
        <fieldset className="tt-route-departure">
          <legend className="tt-route-field-label">{intl.formatMessage({ id: 'route.departure' })}</legend>
          <div className="tt-route-toggles" role="group">
            <button type="button" className="tt-view-toggle" aria-pressed={!atTime} data-testid="route-now" onClick={() => setDeparture(null)}>
              {intl.formatMessage({ id: 'route.now' })}
            </button>
            <button
              type="button"
              className="tt-view-toggle"
              aria-pressed={atTime}
              data-testid="route-at-time"
              onClick={() => {
                const { clock, clockZone } = store.getState();
                const now = time || formatServiceMinutes(Math.floor(serviceSecondsAt(clock.now(), clockZone) / 60));
                setTime(now);
                setDeparture(serviceSecondsOf(now));
              }}
            >
              {intl.formatMessage({ id: 'route.chooseTime' })}
            </button>
            {atTime && (
              <input
                type="time"
                className="tt-route-time"
                data-testid="route-time"
                aria-label={intl.formatMessage({ id: 'route.time' })}
                value={time}
                onChange={(event) => {
                  setTime(event.target.value);
                  const seconds = serviceSecondsOf(event.target.value);
                  if (seconds !== null) setDeparture(seconds);
                }}
              />
            )}
          </div>
        </fieldset>
        <button type="submit" className="tt-route-search" data-testid="route-search" disabled={busy || !criteria.from || !criteria.to || samePlace} aria-describedby={noticeId}>
          {intl.formatMessage({ id: busy ? 'route.searching' : 'route.search' })}
        </button>
        <p className="tt-route-notice" id={noticeId} role="status" data-testid="route-notice">
          {shown ? intl.formatMessage({ id: shown.id }, shown.values) : ''}
        </p>
      </form>
    </section>
  );
}
