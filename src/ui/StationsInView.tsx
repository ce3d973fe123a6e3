import { useIntl } from 'react-intl';
import { useAppStore } from './store-context.ts';

/** The station names drawn on the map, as a list for screen readers (visually hidden). */
export function StationsInView() {
  const intl = useIntl();
  const names = useAppStore((s) => s.stationNamesInView);
  return (
    <ul className="tt-sr-only" aria-label={intl.formatMessage({ id: 'stationsInView' })} data-testid="stations-in-view">
      {names.map((name, i) => (
        <li key={i}>{name}</li>
      ))}
    </ul>
  );
}
