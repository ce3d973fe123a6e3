import { useIntl } from 'react-intl';
import { useAppStore } from './store-context.ts';

/** Loading indicator, and the reason when the network could not be loaded. */
export function StatusOverlay() {
  const intl = useIntl();
  const status = useAppStore((s) => s.dataStatus);
  const error = useAppStore((s) => s.dataError);
  const city = useAppStore((s) => s.loadingCity);
  if (status === 'loading') {
    return (
      <div className="tt-status tt-panel" role="status">
        <span className="tt-spinner" aria-hidden="true" /> {city ? intl.formatMessage({ id: 'loadingCity' }, { city }) : intl.formatMessage({ id: 'loading' })}
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className="tt-status tt-status-error tt-panel" role="alert">
        <strong>{intl.formatMessage({ id: 'loadFailed' })}</strong>
        <div className="tt-status-detail">{error}</div>
      </div>
    );
  }
  return null;
}
