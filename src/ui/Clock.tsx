import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import type { SimulationClock } from '../data/clock.ts';
import { useAppStore } from './store-context.ts';

/** Japan's time zone: the clock always shows it, whatever the machine's zone. */
export const JAPAN_TIME_ZONE = 'Asia/Tokyo';

/** The simulated time, re-read a few times a second (fast playback moves the seconds quickly). */
function useNow(clock: SimulationClock): number {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(clock.now()), 250);
    return () => clearInterval(timer);
  }, [clock]);
  return now;
}

/** The date and time in Japan of the simulation clock (real time or playback), top left. */
export function Clock() {
  const intl = useIntl();
  const clock = useAppStore((s) => s.clock);
  const now = useNow(clock);
  const formats = useMemo(
    () => ({
      date: new Intl.DateTimeFormat(intl.locale, { timeZone: JAPAN_TIME_ZONE, year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' }),
      time: new Intl.DateTimeFormat(intl.locale, { timeZone: JAPAN_TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }),
    }),
    [intl.locale],
  );
  const date = new Date(now);
  return (
    <div className="tt-clock tt-panel" role="timer" aria-label={intl.formatMessage({ id: 'japanTime' })}>
      <div className="tt-clock-date">{formats.date.format(date)}</div>
      <div className="tt-clock-time" data-testid="clock-time">
        {formats.time.format(date)} <span className="tt-clock-zone">JST</span>
      </div>
    </div>
  );
}
