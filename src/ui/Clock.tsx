import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { SimulationClock } from '../data/clock.ts';
import { useAppStore } from './store-context.ts';
import { feedZoneAt } from '../data/gtfs/feed-view.ts';
import { dateFormat } from './i18n/date-format.ts';
import { JAPAN_TIME_ZONE, knownZone, zoneName } from './i18n/zone-name.ts';

/** The playback controls and their text load when playback is first switched on. */
const PlaybackControls = lazy(() => import('./controls/PlaybackControls.tsx'));

/** The simulated time to the second shown. */
const shownSecond = (clock: SimulationClock) => Math.floor(clock.now() / 1000) * 1000;

/**
 * The simulated time in whole seconds, re-read a few times a second (fast playback moves the seconds quickly) and at
 * once after a jump. Whole seconds: the clock shows no less, and a re-read within the same second renders nothing.
 */
function useNow(clock: SimulationClock): number {
  const jumps = useAppStore((s) => s.clockJumps);
  const [now, setNow] = useState(() => shownSecond(clock));
  useEffect(() => {
    setNow(shownSecond(clock));
    const timer = setInterval(() => setNow(shownSecond(clock)), 250);
    return () => clearInterval(timer);
  }, [clock, jumps]);
  return now;
}

/**
 * Publishes the clock's bottom edge as `--tt-clock-bottom` on the app root, so that what opens under it on a
 * phone (the station search) stays clear of the clock whether or not the playback controls are shown.
 */
function useClockBottom() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    const root = element?.closest<HTMLElement>('.tt-app');
    if (!element || !root || typeof ResizeObserver === 'undefined') return;
    const update = () => root.style.setProperty('--tt-clock-bottom', `${element.offsetTop + element.offsetHeight}px`);
    const observer = new ResizeObserver(update);
    observer.observe(element);
    update();
    return () => {
      observer.disconnect();
      root.style.removeProperty('--tt-clock-bottom');
    };
  }, []);
  return ref;
}

/**
 * The date and time of the simulation clock (real time or playback), top left; in playback, its controls below.
 * It shows Japan time (a city bundle's zone for a bundle built from a GTFS feed), or a GTFS data source's time zone
 * (`agency_timezone`) while the view is over the feed's area.
 */
export function Clock() {
  const intl = useIntl();
  const clock = useAppStore((s) => s.clock);
  const playback = useAppStore((s) => s.clockMode === 'playback');
  /** The date-time being edited (epoch ms), or null when not editing. */
  const [editing, setEditing] = useState<number | null>(null);
  useEffect(() => {
    if (!playback) setEditing(null);
  }, [playback]);
  const now = useNow(clock);
  const ref = useClockBottom();
  // Deferred: a feed's zone is first shown in a render of its own, after the frame in which the feed arrives (its
  // date formats and label cost that busy frame 10–25 ms).
  const feedZone = useDeferredValue(useAppStore((s) => (s.gtfsFeeds.length > 0 ? feedZoneAt(s.gtfsFeeds, s.viewState.longitude, s.viewState.latitude) : null)));
  // This map's clock zone: Japan time, or the feed's zone for a bundle built from a GTFS feed.
  const mapZone = useAppStore((s) => s.clockZone.timeZone);
  const zone = knownZone(feedZone) ? feedZone : mapZone;
  const formats = useMemo(
    () => ({
      date: dateFormat(intl.locale, { timeZone: zone, year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' }),
      time: dateFormat(intl.locale, { timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    }),
    [intl.locale, zone],
  );
  const date = new Date(now);
  const label = zone === JAPAN_TIME_ZONE ? intl.formatMessage({ id: 'japanTime' }) : `${intl.formatMessage({ id: 'localTime' })} (${zone})`;
  return (
    <div ref={ref} className={`tt-clock tt-panel${playback ? ' tt-clock-playback' : ''}`} data-testid="clock">
      {editing === null && (
        <div role="timer" aria-label={label} data-time-zone={zone}>
          <div className="tt-clock-date" data-testid="clock-date">
            {formats.date.format(date)}
          </div>
          <div className="tt-clock-time" data-testid="clock-time">
            {formats.time.format(date)}{' '}
            <span className="tt-clock-zone" data-testid="clock-zone">
              {zoneName(zone, date)}
            </span>
          </div>
        </div>
      )}
      {playback && (
        <Suspense fallback={null}>
          <PlaybackControls now={now} editing={editing} onEditingChange={setEditing} />
        </Suspense>
      )}
    </div>
  );
}
