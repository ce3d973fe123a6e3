import { useIntl } from 'react-intl';
import type { StationSelection } from '../../store.ts';
import { useStoreApi } from '../store-context.ts';
import { RouteIntl } from './RouteIntl.tsx';
import './route.css';

/** The station panel's "To here" and "From here" toggles: they open the route search with the station filled in. */
export function RouteToggles({ selection }: { selection: StationSelection }) {
  return (
    <RouteIntl>
      <Toggles selection={selection} />
    </RouteIntl>
  );
}

function Toggles({ selection }: { selection: StationSelection }) {
  const intl = useIntl();
  const store = useStoreApi();
  const open = (end: 'from' | 'to') => store.getState().openRouteSearch(end, { station: selection.stations[0], stations: selection.stations });
  return (
    <div className="tt-route-toggles" role="group" aria-label={intl.formatMessage({ id: 'route.criteria' })}>
      <button type="button" className="tt-view-toggle" aria-pressed={false} data-testid="route-to-here" onClick={() => open('to')}>
        {intl.formatMessage({ id: 'route.toHere' })}
      </button>
      <button type="button" className="tt-view-toggle" aria-pressed={false} data-testid="route-from-here" onClick={() => open('from')}>
        {intl.formatMessage({ id: 'route.fromHere' })}
      </button>
    </div>
  );
}
