import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { trackedTrainDetails } from '../store.ts';
import { useAppStore, useStoreApi } from './store-context.ts';
import { PanelHeader } from './PanelHeader.tsx';
import { TrainSummary } from './TrainPopup.tsx';
import { formatServiceMinutes, useNames } from './use-names.ts';

/** Screens on which the timetable starts folded (a phone, or a window too low for the map and the timetable). */
const SMALL_SCREEN = '(max-width: 600px), (max-height: 600px)';

/**
 * While a train is tracked: its description and its timetable at the
 * bottom, passed stops dimmed and a marker where the train is now. The
 * timetable collapses and expands with the arrow button.
 */
export function TrackingPanel() {
  const intl = useIntl();
  const store = useStoreApi();
  const details = useAppStore(trackedTrainDetails);
  const collapsed = useAppStore((s) => s.timetableCollapsed);
  const names = useNames();
  const list = useRef<HTMLOListElement>(null);
  const focus = details ? (details.standing ? details.previousStop : details.nextStop) : -1;
  const open = details !== null;
  useEffect(() => {
    // The timetable starts folded on a small screen: the map keeps room for the tracked train (the arrow unfolds it).
    if (open && window.matchMedia?.(SMALL_SCREEN).matches) store.getState().setTimetableCollapsed(true);
  }, [open, store]);
  useEffect(() => {
    // Keep the train's current stop in view as it moves on.
    const item = list.current?.children[Math.max(0, focus - 1)] as HTMLElement | undefined;
    if (item && list.current) list.current.scrollTop = item.offsetTop - list.current.offsetTop;
  }, [focus, collapsed]);
  if (!details) return null;
  const current = details.standing ? details.previousStop : -1;
  return (
    <section className="tt-tracking tt-panel" data-testid="tracking-panel" aria-label={intl.formatMessage({ id: 'timetable' })}>
      <PanelHeader
        collapse={{ collapsed, testId: 'timetable-toggle', label: intl.formatMessage({ id: collapsed ? 'expand' : 'collapse' }), onToggle: () => store.getState().setTimetableCollapsed(!collapsed) }}
        close={{ label: intl.formatMessage({ id: 'stopTracking' }), onClose: () => store.getState().deselect('train') }}
      >
        <TrainSummary details={details} />
      </PanelHeader>
      {!collapsed && (
        <ol className="tt-timetable" data-testid="timetable" ref={list}>
          {details.stops.map((stop, i) => {
            const passed = i < (details.standing ? details.previousStop : details.nextStop < 0 ? details.stops.length : details.nextStop);
            const isCurrent = i === current;
            const between = !details.standing && i === details.nextStop;
            return (
              <li key={i} className={`tt-timetable-stop${passed ? ' tt-passed' : ''}${isCurrent ? ' tt-current' : ''}${between ? ' tt-approaching' : ''}`}>
                <span className="tt-timetable-marker" aria-hidden="true" />
                <span className="tt-timetable-station">{names.station(stop.station)}</span>
                <span className="tt-timetable-times">
                  {stop.arrival !== null && stop.departure !== null && stop.arrival !== stop.departure && <span>{formatServiceMinutes(stop.arrival)}</span>}
                  {(stop.departure ?? stop.arrival) !== null && <span>{formatServiceMinutes((stop.departure ?? stop.arrival)!)}</span>}
                </span>
                {isCurrent && <span className="tt-sr-only">{intl.formatMessage({ id: 'now' })}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
