import { useRef, useState, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import { localize } from '../../data/network.ts';
import type { Journey } from '../../data/routing/journey.ts';
import { CloseButton } from '../PanelButtons.tsx';
import { useDataLanguage } from '../use-names.ts';
import { useAppStore, useStoreApi } from '../store-context.ts';
import { runRouteSearch, type RouteNotice } from './route-search.ts';
import { JourneyView } from './JourneyView.tsx';
import { useJourneyFraming } from './use-journey-framing.ts';

/** A horizontal drag this long (px), and longer than it is tall, moves to the next or previous journey. */
const SWIPE_PX = 50;

/** The results of a route search: one journey at a time, previous/next (buttons or a horizontal swipe), back to the criteria. */
export function ResultsPanel() {
  const intl = useIntl();
  const store = useStoreApi();
  const journeys = useAppStore((s) => s.routeJourneys);
  const index = useAppStore((s) => s.routeJourneyIndex);
  const criteria = useAppStore((s) => s.routeCriteria);
  const network = useAppStore((s) => s.network);
  const data = useDataLanguage();
  const [notice, setNotice] = useState<RouteNotice | null>(null);
  const [busy, setBusy] = useState(false);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const journey: Journey | undefined = journeys[index];
  const section = useRef<HTMLElement>(null);
  useJourneyFraming(section, network, journey);
  if (!journey || !network) return null;
  const name = (s: number | undefined) => (s === undefined ? '' : localize(network.meta.stations[s]?.title, data));

  const go = async (step: 1 | -1) => {
    setNotice(null);
    const next = index + step;
    if (next >= 0 && next < journeys.length) return store.getState().showJourney(next);
    setBusy(true);
    try {
      setNotice(await runRouteSearch(store, step > 0 ? 'later' : 'earlier'));
    } finally {
      setBusy(false);
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    swipe.current = event.isPrimary ? { id: event.pointerId, x: event.clientX, y: event.clientY } : null;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - start.y)) void go(dx < 0 ? 1 : -1);
  };
  const title = `${name(criteria.from?.station)} → ${name(criteria.to?.station)}`;
  return (
    <section ref={section} className="tt-panel tt-route tt-route-results" data-testid="route-results" aria-label={intl.formatMessage({ id: 'route.results' })}>
      <header className="tt-route-header">
        <button type="button" className="tt-button" data-testid="route-back" aria-label={intl.formatMessage({ id: 'route.back' })} title={intl.formatMessage({ id: 'route.back' })} onClick={() => store.getState().editRouteSearch()}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M15 6l-6 6 6 6" />
          </svg>
        </button>
        <h2 className="tt-route-title">{title}</h2>
        <CloseButton testId="route-close" label={intl.formatMessage({ id: 'route.close' })} onClose={() => store.getState().closeRouteSearch()} />
      </header>
      <nav className="tt-route-pager" aria-label={intl.formatMessage({ id: 'route.results' })}>
        <button type="button" className="tt-button" data-testid="route-previous" disabled={busy} aria-label={intl.formatMessage({ id: 'route.previous' })} title={intl.formatMessage({ id: 'route.previous' })} onClick={() => void go(-1)}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M15 6l-6 6 6 6" />
          </svg>
        </button>
        <span className="tt-route-position" data-testid="route-position" aria-live="polite">
          {intl.formatMessage({ id: 'route.position' }, { current: index + 1, total: journeys.length })}
        </span>
        <button type="button" className="tt-button" data-testid="route-next" disabled={busy} aria-label={intl.formatMessage({ id: 'route.next' })} title={intl.formatMessage({ id: 'route.next' })} onClick={() => void go(1)}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M9 6l6 6-6 6" />
          </svg>
        </button>
      </nav>
      <p className="tt-route-notice" role="status" data-testid="route-notice">
        {notice ? intl.formatMessage({ id: notice.id }, notice.values) : ''}
      </p>
      <div className="tt-route-journey" data-testid="route-journey" data-key={journey.key} onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (swipe.current = null)}>
        <JourneyView journey={journey} />
      </div>
    </section>
  );
}
