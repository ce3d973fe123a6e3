import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { FlightPhase } from '../../data/flights/flight-motion.ts';
import { PanelHeader } from '../PanelHeader.tsx';
import { selected } from '../../store.ts';
import { useAppStore, useStoreApi } from '../store-context.ts';
import { FlightIntl } from './FlightIntl.tsx';
import { FlightSummary } from './FlightSummary.tsx';

/** How often the altitude and speed are refreshed, ms. */
const REFRESH_MS = 500;

/** What the tracked aircraft is doing now: phase, altitude, speed. */
function Live({ flightKey }: { flightKey: string }) {
  const intl = useIntl();
  const feed = useAppStore((s) => s.flights?.feed);
  const [live, setLive] = useState<{ phase: FlightPhase; altitude: number; speed: number } | null>(null);
  useEffect(() => {
    const read = () => {
      const state = feed?.stateOf(flightKey);
      setLive(state ? { phase: state.phase, altitude: Math.round(state.altitude / 10) * 10, speed: Math.round((state.speed * 3.6) / 5) * 5 } : null);
    };
    read();
    const timer = setInterval(read, REFRESH_MS);
    return () => clearInterval(timer);
  }, [feed, flightKey]);
  if (!live) return null;
  return (
    <p className="tt-flight-live" data-testid="flight-live">
      <strong>{intl.formatMessage({ id: `flight.phase.${live.phase}` })}</strong>
      <span data-testid="flight-altitude">{intl.formatMessage({ id: 'flight.altitude' }, { metres: intl.formatNumber(live.altitude) })}</span>
      <span>{intl.formatMessage({ id: 'flight.speed' }, { speed: intl.formatNumber(live.speed) })}</span>
    </p>
  );
}

function Panel() {
  const intl = useIntl();
  const store = useStoreApi();
  const selection = useAppStore((s) => selected(s, 'flight'));
  const flights = useAppStore((s) => s.flights);
  useAppStore((s) => s.flightPlanVersion);
  const flight = selection && flights ? flights.feed.flight(selection.key) : null;
  if (!selection || !flights || !flight) return null;
  return (
    <section className="tt-tracking tt-panel tt-flight-panel" data-testid="flight-panel" aria-label={intl.formatMessage({ id: 'flight.panel' })}>
      <PanelHeader close={{ label: intl.formatMessage({ id: 'stopTracking' }), onClose: () => store.getState().deselect('flight') }}>
        <FlightSummary flight={flight} model={flights.feed.model} />
      </PanelHeader>
      <Live flightKey={selection.key} />
    </section>
  );
}

/** While a flight is tracked: its description and what it is doing now, at the bottom (loaded when a flight is first tracked). */
export default function FlightPanel() {
  return (
    <FlightIntl>
      <Panel />
    </FlightIntl>
  );
}
