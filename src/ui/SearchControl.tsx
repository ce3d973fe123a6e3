import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';

/** The search box and its index load when the search is first opened (not before the map shows). */
const StationSearch = lazy(() => import('./station/StationSearch.tsx'));

/** The magnifying-glass button and, when open, the station search box beside it. */
export function SearchControl() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const label = intl.formatMessage({ id: 'searchStations' });
  return (
    <div className="tt-search-control">
      <div className="tt-panel tt-modes">
        <button
          type="button"
          className={`tt-button${open ? ' tt-active' : ''}`}
          data-testid="search-button"
          aria-label={label}
          title={label}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6" />
            <path d="M15 15l5.5 5.5" />
          </svg>
        </button>
      </div>
      {open && (
        <Suspense fallback={null}>
          <StationSearch onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
