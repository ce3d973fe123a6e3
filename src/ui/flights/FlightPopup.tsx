import { useAppStore } from '../store-context.ts';
import { FlightIntl } from './FlightIntl.tsx';
import { FlightSummary } from './FlightSummary.tsx';

function Popup() {
  const hover = useAppStore((s) => s.flightHover);
  const flights = useAppStore((s) => s.flights);
  // The tracked aircraft has its panel: no popup repeating it while the pointer stays on it.
  const tracked = useAppStore((s) => s.flightSelection?.key ?? null);
  useAppStore((s) => s.flightPlanVersion); // a new plan refreshes the times and status
  const flight = hover && flights ? flights.feed.flight(hover.key) : null;
  if (!hover || !flights || !flight || hover.key === tracked) return null;
  const left = Math.min(hover.x + 14, window.innerWidth - 280);
  return (
    <div className="tt-popup tt-panel" role="tooltip" data-testid="flight-popup" style={{ left, top: Math.max(8, hover.y - 10) }}>
      <FlightSummary flight={flight} model={flights.feed.model} />
    </div>
  );
}

/** Popup of the aircraft under the pointer (loaded when an aircraft is first pointed at). */
export default function FlightPopup() {
  return (
    <FlightIntl>
      <Popup />
    </FlightIntl>
  );
}
