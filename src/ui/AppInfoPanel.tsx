import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import type { LiveFeed } from '../store.ts';
import { useAppStore } from './store-context.ts';
import { dateFormat } from './i18n/date-format.ts';
import { zoneName } from './i18n/zone-name.ts';
import { useOnline } from './use-online.ts';

/** The airplanes' line (with its text) loads when the panel first opens. */
const FlightStateLine = lazy(() => import('./flights/FlightStateLine.tsx'));

/** A data set's own date (YYYY-MM-DD), not a file's modification time. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const FEED_NAME = { rain: 'feedRain', realtime: 'feedRealtime', flights: 'feedFlights' } as const;

const REALTIME_MESSAGE = { off: 'realtimeOff', 'no-token': 'realtimeOff', pending: 'realtimePending', ok: 'realtimeOn', failing: 'realtimeFailing' } as const;

/**
 * The application-info panel: data sources, last updates of static and real-time data, real-time state (or offline),
 * failing live feeds. Loaded when the panel first opens.
 */
export default function AppInfoPanel({ close }: { close: () => void }) {
  const intl = useIntl();
  const staticUpdated = useAppStore((s) => s.staticUpdated);
  const dynamicUpdated = useAppStore((s) => s.dynamicUpdated);
  const realtimeState = useAppStore((s) => s.realtimeState);
  const flightState = useAppStore((s) => s.flightState);
  const gtfsFeeds = useAppStore((s) => s.gtfsFeeds);
  const online = useOnline();
  const feedFaults = useAppStore((s) => s.feedFaults);
  // Times in this map's clock zone: Japan's, or that of the city whose GTFS feed the data set was built from.
  const zone = useAppStore((s) => s.clockZone.timeZone);
  const format = (iso: string | null) =>
    iso
      ? `${dateFormat(intl.locale, { timeZone: zone, year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(iso))} ${zoneName(zone, new Date(iso))}`
      : intl.formatMessage({ id: 'notYet' });
  const staticDated = staticUpdated !== null && DATE_ONLY.test(staticUpdated);
  const feedName = (feed: LiveFeed) => {
    if (!feed.startsWith('gtfs:')) return intl.formatMessage({ id: FEED_NAME[feed as keyof typeof FEED_NAME] });
    const id = feed.slice(5);
    const agencies = gtfsFeeds.find((f) => f.id === id)?.data.agencies.map((a) => a.name).join(', ');
    return `GTFS: ${agencies || id}`;
  };
  const label = intl.formatMessage({ id: 'appInfo' });
  return (
    <div className="tt-menu tt-info" role="dialog" aria-label={label} data-testid="app-info">
      <h2>{label}</h2>
      <dl>
        <dt>{intl.formatMessage({ id: staticDated ? 'staticData' : 'staticDataFiles' })}</dt>
        <dd data-testid="static-updated">
          {staticDated ? dateFormat(intl.locale, { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(staticUpdated)) : format(staticUpdated)}
        </dd>
        <dt>{intl.formatMessage({ id: 'dynamicData' })}</dt>
        <dd data-testid="dynamic-updated">{format(dynamicUpdated)}</dd>
      </dl>
      {/* With no network the trains run from the timetables, whatever the real-time client's last state was. */}
      <p data-testid="realtime-state">{intl.formatMessage({ id: online ? REALTIME_MESSAGE[realtimeState] : 'offline' })}</p>
      {flightState !== 'off' && (
        <Suspense fallback={null}>
          <FlightStateLine />
        </Suspense>
      )}
      {feedFaults.length > 0 && (
        <>
          <h3>{intl.formatMessage({ id: 'feedFaults' })}</h3>
          <ul className="tt-info-faults" data-testid="feed-faults">
            {feedFaults.map(({ feed, message, at }) => (
              <li key={feed} data-feed={feed} data-testid="feed-fault">
                {intl.formatMessage({ id: 'feedFailing' }, { name: feedName(feed) })} <span className="tt-info-small">({format(at)})</span>
                <br />
                <code>{message}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>{intl.formatMessage({ id: 'dataSources' })}</h3>
      <p className="tt-info-small">
        Public Transportation Open Data Center (ODPT) · Mini Tokyo 3D data (MIT) · © OpenMapTiles © OpenStreetMap contributors ·
        Precipitation:{' '}
        <a href="https://www.rainviewer.com/" target="_blank" rel="noopener">
          RainViewer
        </a>{' '}
        · Noto Sans Thai, Noto Sans Devanagari:{' '}
        <a href="https://openfontlicense.org/" target="_blank" rel="noopener">
          SIL OFL 1.1
        </a>
      </p>
      {gtfsFeeds.map(({ id, data }) => {
        const name = data.agencies.map((a) => a.name).join(', ') || id;
        return (
          <p className="tt-info-small" key={id} data-testid="gtfs-source-info">
            GTFS: {name}
            {!data.realtime && (
              <>
                <br />
                <span data-testid="gtfs-routes-only">{intl.formatMessage({ id: 'gtfsRoutesOnly' }, { name })}</span>
              </>
            )}
          </p>
        );
      })}
      <p className="tt-info-small">{intl.formatMessage({ id: 'disclaimer' })}</p>
      <button type="button" className="tt-menu-item" data-testid="app-info-close" onClick={close}>
        {intl.formatMessage({ id: 'close' })}
      </button>
    </div>
  );
}
