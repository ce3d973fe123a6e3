import { useIntl } from 'react-intl';
import { formatHash } from '../data/hash.ts';
import { offersShare, shareLink } from '../data/share-support.ts';
import type { Selection } from '../store.ts';
import { useRunsTrains } from './use-runs-trains.ts';
import { useAppStore, useStoreApi } from './store-context.ts';

/** Decided once: the user agent does not change while the page lives. */
const SHARE_OFFERED = typeof navigator !== 'undefined' && offersShare(navigator.userAgent) && typeof navigator.share === 'function';

/** The id a shared link selects: a train's (once known), a flight's with its kind, a station's; none for a GTFS vehicle. */
function sharedIdOf(selection: Selection | null): string | null {
  if (!selection || selection.kind === 'gtfs') return null;
  // A flight's link names its kind, so it reopens the arrival or the departure of that number.
  if (selection.kind === 'flight') return `${selection.direction === 'arrival' ? 'odpt.FlightInformationArrival:' : 'odpt.FlightInformationDeparture:'}${selection.id}`;
  return selection.id || null;
}

/**
 * "Share this train" or "Share this flight" while tracking, "Share this station" with a station
 * selected: at the top, on the browsers with a good system share sheet (see
 * `data/share-support.ts`). The link reopens the same selection and camera.
 */
export function ShareButton() {
  const intl = useIntl();
  const store = useStoreApi();
  const kind = useAppStore((s) => (sharedIdOf(s.selection) ? s.selection!.kind : null));
  const isTrain = useRunsTrains(useAppStore((s) => (s.trackedDetails?.kind === 'train' ? s.trackedDetails.details.railway : undefined)));
  if (!SHARE_OFFERED || !kind) return null;
  const label = intl.formatMessage({ id: kind === 'train' ? (isTrain ? 'shareTrain' : 'shareTrip') : kind === 'flight' ? 'shareFlight' : 'shareStation' });
  const share = () => {
    const { selection, viewState: v } = store.getState();
    const id = sharedIdOf(selection);
    if (!id) return;
    const url = shareLink(location.href, id, formatHash({ zoom: v.zoom, lat: v.latitude, lng: v.longitude, bearing: v.bearing, pitch: v.pitch }));
    // A cancelled share sheet rejects with AbortError: nothing to report.
    navigator.share({ title: label, url }).catch(() => undefined);
  };
  return (
    <button type="button" className="tt-share tt-panel" data-testid="share-button" aria-label={label} onClick={share}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 15V3M7.5 7.5L12 3l4.5 4.5M5 11v9h14v-9" />
      </svg>
      <span>{label}</span>
    </button>
  );
}
