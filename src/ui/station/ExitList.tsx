import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ExitMeta } from '../../data/bundle/exits-format.ts';
import type { Calendar } from '../../data/bundle/timetable-format.ts';
import { exitStateAt, serviceMinuteAt, type ExitMarker, type ExitState, type StationExits } from '../../data/exits.ts';
import { loadExits } from '../../data/exits-loader.ts';
import { localize } from '../../data/network.ts';
import { centreAbovePanel } from '../../select-station.ts';
import { useAppStore, useStoreApi } from '../store-context.ts';
import { formatServiceMinutes, useDataLanguage } from '../use-names.ts';
import { FACILITIES, FacilityIcon, type Facility } from './FacilityIcon.tsx';

/** How often the open/closed state is checked against the clock (wall-clock ms; the clock may run at 600×). */
const TICK_MS = 1000;
/** Zoom the camera flies to for an exit. */
const EXIT_ZOOM = 18;

/**
 * The clock's minute of the service day and its day type (from the train simulation, which knows the holidays;
 * null until it has started), updated as the clock runs (also after playback jumps).
 */
function useServiceMinute(): { calendar: Calendar | null; minute: number } {
  const clock = useAppStore((s) => s.clock);
  const jumps = useAppStore((s) => s.clockJumps);
  const feed = useAppStore((s) => s.trainFeed);
  const zone = useAppStore((s) => s.clockZone);
  const read = () => ({ calendar: feed?.calendar ?? null, minute: serviceMinuteAt(clock.now(), zone) });
  const [now, setNow] = useState(read);
  useEffect(() => {
    const tick = () => setNow((previous) => {
      const next = read();
      return next.minute === previous.minute && next.calendar === previous.calendar ? previous : next;
    });
    tick();
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clock, jumps, feed, zone]);
  return now;
}

/** The short name on the map ("A1"), or the full one where the short one is a bare letter (elevator "b"). */
function markerLabel(exit: ExitMeta, lang: string): string {
  const short = localize(exit.title, lang);
  return [...short].length > 1 ? short : localize(exit.description ?? exit.title, lang);
}

/** Before the day type is known, no exit is shown closed. */
const UNKNOWN: ExitState = { open: true, hours: null, closedAllDay: false };

interface Entry {
  exit: ExitMeta;
  state: ExitState;
}

/**
 * The exits of the selected station group, per line when several lines list exits: name, opening hours and
 * facilities; an exit closed at the clock's time in orange with its hours. While shown, the exits are marked on the
 * map; pointing at (or focusing) an entry highlights its marker, choosing it flies there. The exit data loads the
 * first time a list is opened. `hidden` (the panel folded) keeps the markers.
 */
export function ExitList({ stations, hidden }: { stations: StationExits[]; hidden: boolean }) {
  const intl = useIntl();
  const store = useStoreApi();
  const manifest = useAppStore((s) => s.manifest);
  const network = useAppStore((s) => s.network);
  const highlighted = useAppStore((s) => s.highlightedExit);
  const data = useDataLanguage();
  const [exits, setExits] = useState<ExitMeta[] | null>(null);
  const [failed, setFailed] = useState(false);
  const { calendar, minute } = useServiceMinute();

  useEffect(() => {
    if (!manifest) return;
    let cancelled = false;
    setFailed(false);
    loadExits(manifest, document.baseURI).then(
      (loaded) => !cancelled && setExits(loaded),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [manifest]);

  const sections = useMemo(
    () =>
      exits
        ? stations.map(({ station, exits: indices }) => ({
            station,
            entries: indices.filter((i) => exits[i]).map((i): Entry => ({ exit: exits[i], state: calendar ? exitStateAt(exits[i].uptime, calendar, minute) : UNKNOWN })),
          }))
        : null,
    [exits, stations, calendar, minute],
  );

  // The markers follow the list (and its open/closed states); they go when the list does.
  useEffect(() => {
    if (!sections) return;
    const markers: ExitMarker[] = sections.flatMap((s) =>
      s.entries.map(({ exit, state }) => ({ id: exit.id, coord: exit.coord, label: markerLabel(exit, data), closed: !state.open })),
    );
    const previous = store.getState().exitMarkers;
    const same = previous?.length === markers.length && markers.every((m, i) => m.id === previous[i].id && m.closed === previous[i].closed && m.label === previous[i].label);
    if (!same) store.getState().showExitMarkers(markers);
  }, [sections, data, store]);
  useEffect(() => () => store.getState().showExitMarkers(null), [store]);

  const highlight = (id: string | null) => store.getState().highlightExit(id);
  const flyTo = (exit: ExitMeta, event: MouseEvent<HTMLButtonElement>) => {
    const { viewState, requestCamera } = store.getState();
    const app = event.currentTarget.closest<HTMLElement>('.tt-app');
    const size = app ? { width: app.clientWidth, height: app.clientHeight } : undefined;
    const [longitude, latitude] = centreAbovePanel(exit.coord, EXIT_ZOOM, viewState, size);
    requestCamera({ longitude, latitude, zoom: EXIT_ZOOM }, 'fly', 1500);
    highlight(exit.id);
  };

  const text = (t: Partial<Record<string, string>> | undefined) => localize(t, data);
  const hours = (state: ExitState) =>
    state.hours ? intl.formatMessage({ id: 'exits.hours' }, { open: formatServiceMinutes(state.hours.open), close: formatServiceMinutes(state.hours.close) }) : '';
  const meta = network?.meta;
  return (
    <div className="tt-exits" data-testid="exits" hidden={hidden}>
      <h3 className="tt-sr-only">{intl.formatMessage({ id: 'station.showExits' })}</h3>
      {failed && <p className="tt-departures-empty" role="alert">{intl.formatMessage({ id: 'exits.error' })}</p>}
      {!sections && !failed && <p className="tt-departures-empty">{intl.formatMessage({ id: 'exits.loading' })}</p>}
      {sections?.map(({ station, entries }) => {
        const railway = meta?.railways[meta.stations[station].railway];
        return (
          <section key={station} className="tt-exit-group">
            {sections.length > 1 && railway && (
              <h4 className="tt-departure-line">
                <span className="tt-line-bar" style={{ background: railway.color }} aria-hidden="true" />
                <span>{text(railway.title)}</span>
              </h4>
            )}
            <ul className="tt-exit-list">
              {entries.map(({ exit, state }) => {
                const name = text(exit.description ?? exit.title);
                const facilities = FACILITIES.filter((f) => exit.facilities.includes(f));
                const status = state.closedAllDay ? intl.formatMessage({ id: 'exits.closedToday' }) : !state.open ? intl.formatMessage({ id: 'exits.closedNow' }) : '';
                return (
                  <li key={exit.id}>
                    <button
                      type="button"
                      className={`tt-exit${state.open ? '' : ' tt-exit-closed'}${highlighted === exit.id ? ' tt-exit-highlighted' : ''}`}
                      data-testid="exit"
                      data-exit={exit.id}
                      data-closed={!state.open}
                      aria-label={[intl.formatMessage({ id: 'exits.show' }, { name }), hours(state), status, ...facilities.map((f: Facility) => intl.formatMessage({ id: `exits.${f}` }))].filter(Boolean).join(', ')}
                      onClick={(e) => flyTo(exit, e)}
                      onMouseEnter={() => highlight(exit.id)}
                      onMouseLeave={() => highlight(null)}
                      onFocus={() => highlight(exit.id)}
                      onBlur={() => highlight(null)}
                    >
                      <span className="tt-exit-name">{name}</span>
                      <span className="tt-exit-hours">
                        {hours(state)}
                        {status && <span className="tt-exit-status">{status}</span>}
                      </span>
                      <span className="tt-exit-facilities" aria-hidden="true">
                        {facilities.map((f) => (
                          <FacilityIcon key={f} facility={f} label={intl.formatMessage({ id: `exits.${f}` })} />
                        ))}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
