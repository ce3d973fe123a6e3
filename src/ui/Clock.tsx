import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { SimulationClock } from '../data/clock.ts';
import { useAppStore } from './store-context.ts';

/** Japan's time zone: the clock always shows it, whatever the machine's zone. */
export const JAPAN_TIME_ZONE = 'Asia/Tokyo';

/** The playback controls and their text load when playback is first switched on. */
const PlaybackControls = lazy(() => import('./controls/PlaybackControls.tsx'));

/** The simulated time, re-read a few times a second (fast playback moves the seconds quickly) and at once after a jump. */
function useNow(clock: SimulationClock): number {
  const jumps = useAppStore((s) => s.clockJumps);
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    setNow(clock.now());
    const timer = setInterval(() => setNow(clock.now()), 250);
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

/** The date and time in Japan of the simulation clock (real time or playback), top left; in playback, its controls below. */
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
  const formats = useMemo(
    () => ({
      date: new Intl.DateTimeFormat(intl.locale, { timeZone: JAPAN_TIME_ZONE, year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' }),
      time: new Intl.DateTimeFormat(intl.locale, { timeZone: JAPAN_TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }),
    }),
    [intl.locale],
  );
  const date = new Date(now);
  return (
    <div ref={ref} className={`tt-clock tt-panel${playback ? ' tt-clock-playback' : ''}`} data-testid="clock">
      {editing === null && (
        <div role="timer" aria-label={intl.formatMessage({ id: 'japanTime' })}>
          <div className="tt-clock-date" data-testid="clock-date">
            {formats.date.format(date)}
          </div>
          <div className="tt-clock-time" data-testid="clock-time">
            {formats.time.format(date)} <span className="tt-clock-zone">JST</span>
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
