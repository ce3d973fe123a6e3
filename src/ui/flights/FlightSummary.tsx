import { useIntl } from 'react-intl';
import type { FlightModel } from '../../data/flights/flight-model.ts';
import type { PlannedFlight } from '../../data/flights/flight-plan.ts';
import type { ClockZone } from '../../data/clock-zone.ts';
import { localize } from '../../data/network.ts';
import { useDataLanguage } from '../use-names.ts';
import { useAppStore } from '../store-context.ts';
import './flights.css';

/** "HH:MM" of an instant on the map's clock `zone`. */
export function formatClockTime(epochMs: number, zone: ClockZone): string {
  const { hour, minute } = zone.fields(epochMs);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** The runway of a course, e.g. `34L`, and the course's procedure for the curious (`IX34L`). */
const runwayOf = (flight: PlannedFlight) => flight.course.runway;

/**
 * A flight's description, shared by the hover popup and the tracking panel:
 * airline (in its tail colour), flight number and code-shares, origin or
 * destination (airport names in the data language), status (the data's
 * status names; real time only), and the scheduled, estimated and actual
 * times (estimated and actual in real time only).
 */
export function FlightSummary({ flight, model }: { flight: PlannedFlight; model: FlightModel }) {
  const intl = useIntl();
  const realtime = useAppStore((s) => s.clockMode === 'realtime');
  const zone = useAppStore((s) => s.clockZone);
  const data = useDataLanguage();
  const { info } = flight;
  const airline = info.airline !== undefined ? model.airlines[info.airline] : undefined;
  const airport = (code: string) => localize(model.airports[code]?.title, data) || code;
  const [number, ...codeShares] = flight.flightNumbers;
  const departure = flight.kind === 'departure';
  const times: [string, number][] = [[departure ? 'flight.scheduledDeparture' : 'flight.scheduledArrival', info.scheduledTime]];
  if (realtime && info.estimatedTime !== undefined) times.push([departure ? 'flight.estimatedDeparture' : 'flight.estimatedArrival', info.estimatedTime]);
  if (realtime && info.actualTime !== undefined) times.push([departure ? 'flight.actualDeparture' : 'flight.actualArrival', info.actualTime]);
  const status = realtime && flight.status !== undefined ? model.statuses[flight.status] : undefined;
  return (
    <div className="tt-train-summary tt-flight-summary">
      <div className="tt-train-line">
        <span className="tt-line-swatch" style={{ background: airline?.tailColor ?? '#8A94A6' }} />
        <strong data-testid="popup-airline">{airline ? localize(airline.title, data) : (info.airline ?? info.operator)}</strong>
      </div>
      <div className="tt-train-number" data-testid="popup-flight-number">
        {intl.formatMessage({ id: 'flight.number' }, { number })}
      </div>
      {codeShares.length > 0 && (
        <div className="tt-flight-codeshares" data-testid="popup-code-shares">
          {intl.formatMessage({ id: 'flight.codeShares' }, { numbers: codeShares.join(' · ') })}
        </div>
      )}
      {info.otherAirport !== undefined && (
        <div className="tt-train-destination" data-testid="popup-airport">
          {intl.formatMessage({ id: departure ? 'flight.to' : 'flight.from' }, { airport: airport(info.otherAirport) })}
          {info.viaAirports.length > 0 && ` (${intl.formatMessage({ id: 'flight.via' }, { airports: info.viaAirports.map(airport).join(', ') })})`}
        </div>
      )}
      {status && (
        <div className="tt-train-status" data-testid="popup-status">
          <strong>{localize(status, data)}</strong>
        </div>
      )}
      <dl className="tt-flight-times" data-testid="popup-times">
        {times.map(([label, time]) => (
          <div key={label}>
            <dt>{intl.formatMessage({ id: label })}</dt>
            <dd>{formatClockTime(time, zone)}</dd>
          </div>
        ))}
      </dl>
      <div className="tt-flight-runway">{intl.formatMessage({ id: 'flight.runway' }, { runway: runwayOf(flight) })}</div>
    </div>
  );
}
