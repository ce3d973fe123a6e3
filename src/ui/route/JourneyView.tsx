import { Fragment } from 'react';
import { useIntl } from 'react-intl';
import type { Journey, JourneyLeg } from '../../data/routing/journey.ts';
import { useAppStore, useStoreApi } from '../store-context.ts';
import { formatServiceMinutes, useNames } from '../use-names.ts';

/** A train this late (seconds) shows its delay. */
const LATE_SECONDS = 60;

const clock = (seconds: number) => formatServiceMinutes(Math.floor(seconds / 60));

/** One journey: departure, arrival, duration and transfers, then each leg and each change of trains. */
export function JourneyView({ journey }: { journey: Journey }) {
  const intl = useIntl();
  const minutes = Math.round(journey.duration / 60);
  return (
    <>
      <div className="tt-route-summary" data-testid="route-summary">
        <span className="tt-route-times">
          <time data-testid="journey-departure">{clock(journey.departure)}</time> → <time data-testid="journey-arrival">{clock(journey.arrival)}</time>
        </span>
        <span data-testid="journey-duration">{intl.formatMessage({ id: 'route.duration' }, { hours: Math.floor(minutes / 60), minutes: minutes % 60 })}</span>
        <span data-testid="journey-transfers">{intl.formatMessage({ id: 'route.transfers' }, { count: journey.transferCount })}</span>
        {journey.kinds.includes('earliest-arrival') && <span className="tt-route-badge" data-testid="journey-badge">{intl.formatMessage({ id: 'route.fastest' })}</span>}
        {journey.kinds.includes('fewest-transfers') && <span className="tt-route-badge" data-testid="journey-badge">{intl.formatMessage({ id: 'route.fewest' })}</span>}
      </div>
      <ol className="tt-route-legs">
        {journey.legs.map((leg, i) => {
          const transfer = journey.transfers.find((t) => t.afterLeg === i - 1);
          return (
            <Fragment key={`${leg.train}-${leg.from}`}>
              {transfer && <Transfer transfer={transfer} />}
              <Leg leg={leg} />
            </Fragment>
          );
        })}
      </ol>
    </>
  );
}

function Transfer({ transfer }: { transfer: Journey['transfers'][number] }) {
  const intl = useIntl();
  const names = useNames();
  const minutes = Math.round((transfer.departure - transfer.arrival) / 60);
  const station = names.station(transfer.to);
  return (
    <li className="tt-route-transfer" data-testid="journey-transfer">
      {transfer.kind === 'walk' ? intl.formatMessage({ id: 'route.walk' }, { station, minutes }) : intl.formatMessage({ id: 'route.change' }, { minutes })}
    </li>
  );
}

function Leg({ leg }: { leg: JourneyLeg }) {
  const intl = useIntl();
  const store = useStoreApi();
  const network = useAppStore((s) => s.network)!;
  const { text } = useNames();
  const meta = network.meta;
  const railway = meta.railways[leg.railway];
  const late = leg.delay >= LATE_SECONDS;
  const destination = leg.destinations.map((s) => text(meta.stations[s]?.title)).filter(Boolean).join(' · ');
  const type = [leg.type >= 0 ? text(meta.trainTypes[leg.type]?.title) : '', ...leg.names.map((n) => text(n))].filter(Boolean).join(' ');
  const track = () => {
    const state = store.getState();
    void state.trainFeed?.details(leg.train, state.viewState.zoom).then((details) => {
      if (!details) return;
      store.getState().closeRouteSearch();
      store.getState().select({ kind: 'train', train: leg.train, id: details.id });
      store.getState().trainDetailsArrived(details);
    });
  };
  return (
    <li className={`tt-route-leg${late ? ' tt-late' : ''}`} data-testid="journey-leg" data-railway={railway?.id} style={{ borderColor: railway?.color }}>
      <div className="tt-route-leg-line">
        <span className="tt-line-bar" style={{ background: railway?.color }} data-testid="leg-color" data-color={railway?.color} aria-hidden="true" />
        <span className="tt-route-leg-railway">{text(railway?.title)}</span>
        {type && <span className="tt-route-leg-type">{type}</span>}
        {destination && <span className="tt-route-leg-destination">{intl.formatMessage({ id: 'route.for' }, { destination })}</span>}
      </div>
      {leg.through && <p className="tt-route-through">{intl.formatMessage({ id: 'route.through' })}</p>}
      <p className="tt-route-stop">
        <time data-testid="leg-departure">{clock(leg.departure)}</time> <span>{text(meta.stations[leg.from]?.title)}</span>
      </p>
      <p className="tt-route-stop">
        <time data-testid="leg-arrival">{clock(leg.arrival)}</time> <span>{text(meta.stations[leg.to]?.title)}</span>
      </p>
      <p className="tt-route-leg-foot">
        <button type="button" className="tt-route-train" data-testid="leg-train" aria-label={intl.formatMessage({ id: 'route.track' }, { number: leg.number })} onClick={track}>
          {intl.formatMessage({ id: 'route.train' }, { number: leg.number })}
        </button>
        {late && <span className="tt-route-late">{intl.formatMessage({ id: 'route.late' }, { minutes: Math.floor(leg.delay / 60) })}</span>}
      </p>
    </li>
  );
}
