import { useIntl } from 'react-intl';
import type { TrainDetails } from '../data/trains/train-details.ts';
import { hovered } from '../store.ts';
import { PointerPopup } from './PointerPopup.tsx';
import { useAppStore } from './store-context.ts';
import { formatServiceMinutes, useNames } from './use-names.ts';
import { useRunsTrains } from './use-runs-trains.ts';

/** The lines of a train's description, shared by the hover popup and the tracking panel. */
export function TrainSummary({ details }: { details: TrainDetails }) {
  const intl = useIntl();
  const names = useNames();
  const clockMode = useAppStore((s) => s.clockMode);
  const statuses = useAppStore((s) => s.lineStatuses);
  const railwayId = useAppStore((s) => s.network?.meta.railways[details.railway]?.id ?? '');
  const lineStatuses = statuses.filter((st) => (st.railway ? st.railway === railwayId : railwayId.startsWith(st.operator + '.')));
  const destination = details.destinations.map(names.station).join(' / ') || names.direction(details.direction);
  const previous = details.previousStop >= 0 ? details.stops[details.previousStop] : null;
  const next = details.nextStop >= 0 ? details.stops[details.nextStop] : null;
  const time = (minutes: number | null) => (minutes === null ? '' : formatServiceMinutes(minutes));
  const trainName = details.names?.map(names.text).join(' / ');
  const isTrain = useRunsTrains(details.railway);
  return (
    <div className="tt-train-summary">
      <div className="tt-train-line">
        <span className="tt-line-swatch" style={{ background: names.railwayColor(details.railway) }} />
        <strong data-testid="popup-railway">{names.railway(details.railway)}</strong>
        {details.type >= 0 && <span className="tt-train-type">{names.trainType(details.type)}</span>}
      </div>
      {trainName && <div className="tt-train-name">{trainName}</div>}
      {destination && <div className="tt-train-destination">{intl.formatMessage({ id: 'boundFor' }, { destination })}</div>}
      <div className="tt-train-number">{intl.formatMessage({ id: isTrain ? 'trainNumber' : 'tripNumber' }, { number: details.number })}</div>
      {previous && (
        <div className="tt-train-stop">
          <span className="tt-stop-label">{intl.formatMessage({ id: details.standing ? 'standingAt' : 'previousStop' })}</span>{' '}
          {names.station(previous.station)}{' '}
          {previous.departure !== null && <span className="tt-stop-time">{intl.formatMessage({ id: 'departs' }, { time: time(previous.departure) })}</span>}
        </div>
      )}
      {next && (
        <div className="tt-train-stop">
          <span className="tt-stop-label">{intl.formatMessage({ id: 'nextStop' })}</span> {names.station(next.station)}{' '}
          {(next.arrival ?? next.departure) !== null && <span className="tt-stop-time">{intl.formatMessage({ id: 'arrives' }, { time: time(next.arrival ?? next.departure) })}</span>}
        </div>
      )}
      {clockMode === 'realtime' && details.delay >= 60 && (
        <div className="tt-train-delay" data-testid="popup-delay">
          {intl.formatMessage({ id: 'delayMinutes' }, { minutes: Math.floor(details.delay / 60) })}
        </div>
      )}
      {clockMode === 'realtime' &&
        lineStatuses.map((st, i) => (
          <div className="tt-train-status" data-testid="popup-operation" key={i}>
            {st.status && <strong>{names.text(st.status)} </strong>}
            {names.text(st.text)}
          </div>
        ))}
    </div>
  );
}

/** Popup of the train under the pointer. */
export function TrainPopup() {
  const hover = useAppStore((s) => hovered(s, 'train'));
  if (!hover) return null;
  return (
    <PointerPopup x={hover.x} y={hover.y} testId="train-popup">
      <TrainSummary details={hover.details} />
    </PointerPopup>
  );
}
