import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { localize } from '../../data/network.ts';
import { groupExits } from '../../data/exits.ts';
import { groupNames } from '../../data/station-groups.ts';
import type { DepartureGroup } from '../../data/trains/departures.ts';
import { selected } from '../../store.ts';
import { useAppStore, useStoreApi } from '../store-context.ts';
import { formatServiceMinutes, useDataLanguage } from '../use-names.ts';
import { PanelHeader } from '../PanelHeader.tsx';
import { ExitList } from './ExitList.tsx';
import { RouteToggles } from '../route/RouteToggles.tsx';
import { StationIntl } from './StationIntl.tsx';
import './station-details.css';

/** How often the departures are asked for again while the panel is open (wall-clock ms): they follow the clock, also in playback. */
const REFRESH_MS = 1000;
/** A train this late (seconds) shows its delay. */
const LATE_SECONDS = 60;

/**
 * The selected station at the bottom of the map: its names and lines and,
 * per line and direction, the next two departures at the clock's time
 * (time, train type, destination; a late train's time and delay in orange).
 * Where the data lists exits, an Exits toggle swaps the departures for the
 * exit list (and marks the exits on the map).
 * Folds to its header; × (or Escape, or a click on the empty map) deselects.
 */
export default function StationPanel() {
  return (
    <StationIntl>
      <Panel />
    </StationIntl>
  );
}

function Panel() {
  const intl = useIntl();
  const store = useStoreApi();
  const selection = useAppStore((s) => selected(s, 'station'));
  const network = useAppStore((s) => s.network);
  const feed = useAppStore((s) => s.trainFeed);
  const collapsed = useAppStore((s) => s.stationPanelCollapsed);
  const data = useDataLanguage();
  const [departures, setDepartures] = useState<{ stations: number[]; groups: DepartureGroup[] } | null>(null);
  const [exitsOn, setExitsOn] = useState(false);
  const stationExits = useMemo(() => (selection && network ? groupExits(network.meta, selection.stations) : []), [selection, network]);
  const showExits = exitsOn && stationExits.length > 0;

  useEffect(() => {
    if (!selection || !feed || collapsed || showExits) return;
    let stopped = false;
    const stations = selection.stations;
    const ask = () =>
      void feed.departures(stations, 2).then((groups) => {
        if (!stopped && groups) setDepartures({ stations, groups });
      });
    ask();
    const timer = setInterval(ask, REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [selection, feed, collapsed, showExits]);

  if (!selection || !network) return null;
  const meta = network.meta;
  const text = (t: Partial<Record<string, string>> | undefined) => localize(t, data);
  const names = groupNames(meta, selection, text);
  const railways = [...new Set(selection.stations.map((s) => meta.stations[s].railway))];
  const groups = departures?.stations === selection.stations ? departures.groups : null;
  const title = names.join(' / ');
  return (
    <section className="tt-station tt-panel" data-testid="station-panel" aria-label={intl.formatMessage({ id: 'station.panel' }, { name: title })}>
      <PanelHeader
        className="tt-station-header"
        collapse={{ collapsed, testId: 'station-panel-toggle', label: intl.formatMessage({ id: collapsed ? 'station.expand' : 'station.collapse' }), onToggle: () => store.getState().setStationPanelCollapsed(!collapsed) }}
        close={{ testId: 'station-panel-close', label: intl.formatMessage({ id: 'station.close' }), onClose: () => store.getState().deselect('station') }}
      >
        <div className="tt-station-title">
          <h2 className="tt-station-name" data-testid="station-name">
            {title}
          </h2>
          <ul className="tt-station-lines" aria-label={intl.formatMessage({ id: 'station.lines' })}>
            {railways.map((r) => (
              <li key={r}>
                <span className="tt-line-chip" style={{ background: meta.railways[r].color }} aria-hidden="true" />
                {text(meta.railways[r].title)}
              </li>
            ))}
          </ul>
        </div>
      </PanelHeader>
      {!collapsed && stationExits.length > 0 && (
        <div className="tt-station-views" role="group" aria-label={intl.formatMessage({ id: 'station.views' })}>
          <button type="button" className="tt-view-toggle" aria-pressed={!showExits} data-testid="show-departures" onClick={() => setExitsOn(false)}>
            {intl.formatMessage({ id: 'station.showDepartures' })}
          </button>
          <button type="button" className="tt-view-toggle" aria-pressed={showExits} data-testid="show-exits" onClick={() => setExitsOn(!exitsOn)}>
            {intl.formatMessage({ id: 'station.showExits' })}
          </button>
        </div>
      )}
      {!collapsed && <RouteToggles selection={selection} />}
      {showExits && <ExitList stations={stationExits} hidden={collapsed} />}
      {!collapsed && !showExits && (
        <div className="tt-departures" data-testid="departures">
          <h3 className={stationExits.length > 0 ? 'tt-sr-only' : 'tt-departures-heading'}>{intl.formatMessage({ id: 'station.departures' })}</h3>
          {!groups && <p className="tt-departures-empty">{intl.formatMessage({ id: 'station.loading' })}</p>}
          {groups?.map((group) => (
            <section key={`${group.railway}-${group.direction}`} className="tt-departure-group" data-testid="departure-group" data-terminus={group.terminus || undefined}>
              <h4 className="tt-departure-line">
                <span className="tt-line-bar" style={{ background: meta.railways[group.railway].color }} aria-hidden="true" />
                <span>{text(meta.railways[group.railway].title)}</span>
                {group.direction >= 0 && <span className="tt-departure-direction">{text(meta.railDirections[group.direction]?.title)}</span>}
              </h4>
              {group.departures.length === 0 ? (
                <p className="tt-departures-empty" data-testid="departures-none">{intl.formatMessage({ id: group.terminus ? 'station.terminus' : 'station.noDepartures' })}</p>
              ) : (
                <ol className="tt-departure-list">
                  {group.departures.map((d) => {
                    const late = d.delay >= LATE_SECONDS;
                    const destination = d.destinations.map((s) => text(meta.stations[s]?.title)).filter(Boolean).join(' · ');
                    return (
                      <li key={d.train} className={`tt-departure${late ? ' tt-late' : ''}`} data-testid="departure">
                        <time className="tt-departure-time">{formatServiceMinutes(d.time + (late ? Math.floor(d.delay / 60) : 0))}</time>
                        <span className="tt-departure-type">{d.type >= 0 ? text(meta.trainTypes[d.type]?.title) : ''}</span>
                        <span className="tt-departure-destination">{destination && intl.formatMessage({ id: 'station.for' }, { destination })}</span>
                        {late && <span className="tt-departure-delay">{intl.formatMessage({ id: 'station.late' }, { minutes: Math.floor(d.delay / 60) })}</span>}
                      </li>
                    );
                  })}
                </ol>
              )}
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
