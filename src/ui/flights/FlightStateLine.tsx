import { useIntl } from 'react-intl';
import { useAppStore } from '../store-context.ts';
import { FlightIntl } from './FlightIntl.tsx';

const MESSAGE = { 'no-token': 'flights.off', pending: 'flights.pending', ok: 'flights.on', failing: 'flights.failing' } as const;

function Line() {
  const intl = useIntl();
  const state = useAppStore((s) => s.flightState);
  if (state === 'off') return null;
  return <p data-testid="flight-state">{intl.formatMessage({ id: MESSAGE[state] })}</p>;
}

/** The airplanes' line of the app info: on, connecting, off for want of a token, or failing (loaded when the app info first opens). */
export default function FlightStateLine() {
  return (
    <FlightIntl>
      <Line />
    </FlightIntl>
  );
}
