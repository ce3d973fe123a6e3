import { hovered, selected } from '../../store.ts';
import { PointerPopup } from '../PointerPopup.tsx';
import { useAppStore } from '../store-context.ts';
import { FlightIntl } from './FlightIntl.tsx';
import { FlightSummary } from './FlightSummary.tsx';

function Popup() {
  const hover = useAppStore((s) => hovered(s, 'flight'));
  const flights = useAppStore((s) => s.flights);
  // The tracked aircraft has its panel: no popup repeating it while the pointer stays on it.
  const tracked = useAppStore((s) => selected(s, 'flight')?.key ?? null);
  useAppStore((s) => s.flightPlanVersion); // a new plan refreshes the times and status
  const flight = hover && flights ? flights.feed.flight(hover.key) : null;
  if (!hover || !flights || !flight || hover.key === tracked) return null;
  return (
    <PointerPopup x={hover.x} y={hover.y} testId="flight-popup">
      <FlightSummary flight={flight} model={flights.feed.model} />
    </PointerPopup>
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
