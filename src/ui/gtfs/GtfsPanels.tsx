import { useIntl } from 'react-intl';
import type { VehicleDetails } from '../../data/gtfs/next-stop.ts';
import { hovered, trackedGtfsDetails } from '../../store.ts';
import { useAppStore, useStoreApi } from '../store-context.ts';
import { PanelHeader } from '../PanelHeader.tsx';
import { PointerPopup } from '../PointerPopup.tsx';

const css = (rgb: readonly number[]) => `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})`;

/** The lines describing a GTFS vehicle: route, headsign, vehicle label, next stop with its scheduled time. */
export function GtfsVehicleSummary({ details }: { details: VehicleDetails }) {
  const intl = useIntl();
  const next = details.nextStop;
  return (
    <div className="tt-train-summary" data-testid="gtfs-vehicle-summary">
      <div className="tt-train-line">
        <span className="tt-line-swatch" style={{ background: css(details.color) }} />
        <strong data-testid="gtfs-popup-route">{details.routeName}</strong>
        {details.routeLongName && <span className="tt-train-type">{details.routeLongName}</span>}
      </div>
      {details.headsign && (
        <div className="tt-train-destination" data-testid="gtfs-popup-headsign">
          {details.headsign}
        </div>
      )}
      {details.vehicleLabel && (
        <div className="tt-train-number" data-testid="gtfs-popup-vehicle">
          {intl.formatMessage({ id: 'vehicleLabel' }, { label: details.vehicleLabel })}
        </div>
      )}
      {next && (
        <div className="tt-train-stop" data-testid="gtfs-popup-next-stop">
          <span className="tt-stop-label">{intl.formatMessage({ id: 'nextStop' })}</span> {next.name}{' '}
          <span className="tt-stop-time">{intl.formatMessage({ id: 'arrives' }, { time: next.time })}</span>
        </div>
      )}
    </div>
  );
}

/** Popup of the GTFS vehicle under the pointer. */
function GtfsVehiclePopup() {
  const hover = useAppStore((s) => hovered(s, 'gtfs'));
  if (!hover) return null;
  return (
    <PointerPopup x={hover.x} y={hover.y} testId="gtfs-vehicle-popup">
      <GtfsVehicleSummary details={hover.details} />
    </PointerPopup>
  );
}

/** While a GTFS vehicle is tracked: its description at the bottom, with a button that stops tracking. */
function GtfsTrackingPanel() {
  const intl = useIntl();
  const store = useStoreApi();
  const details = useAppStore(trackedGtfsDetails);
  if (!details) return null;
  return (
    <section className="tt-tracking tt-panel" data-testid="gtfs-tracking-panel" aria-label={details.routeName}>
      <PanelHeader close={{ label: intl.formatMessage({ id: 'stopTracking' }), testId: 'gtfs-stop-tracking', onClose: () => store.getState().deselect('gtfs') }}>
        <GtfsVehicleSummary details={details} />
      </PanelHeader>
    </section>
  );
}

/** The GTFS data sources' popup and tracking panel (this module loads with the first data source). */
export default function GtfsPanels() {
  return (
    <>
      <GtfsVehiclePopup />
      <GtfsTrackingPanel />
    </>
  );
}
