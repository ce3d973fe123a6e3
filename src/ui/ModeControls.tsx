import { useState } from 'react';
import { useIntl } from 'react-intl';
import { TRACKING_VIEWPOINTS } from '../data/tracking-view.ts';
import { useAppStore, useStoreApi } from './store-context.ts';

/** Display-mode buttons: ground/underground view. */
export function ModeControls() {
  const intl = useIntl();
  const store = useStoreApi();
  const viewMode = useAppStore((s) => s.viewMode);
  const underground = viewMode === 'underground';
  const label = intl.formatMessage({ id: underground ? 'groundView' : 'undergroundView' });
  return (
    <div className="tt-modes tt-panel" role="group">
      <button
        type="button"
        className={`tt-button${underground ? ' tt-active' : ''}`}
        data-testid="underground-button"
        aria-pressed={underground}
        aria-label={label}
        title={label}
        onClick={() => store.getState().setViewMode(underground ? 'ground' : 'underground')}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3 9h18M6 13h12M9 17h6" />
        </svg>
      </button>
    </div>
  );
}

/** The tracking-viewpoint button and its menu of the eight viewpoints. */
export function TrackingModeControl() {
  const intl = useIntl();
  const store = useStoreApi();
  const mode = useAppStore((s) => s.trackingMode);
  const [open, setOpen] = useState(false);
  const label = intl.formatMessage({ id: 'trackingMode' });
  return (
    <div className="tt-config tt-panel">
      <button type="button" className="tt-button" data-testid="tracking-mode-button" aria-haspopup="menu" aria-expanded={open} aria-label={label} title={label} onClick={() => setOpen(!open)}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="3" />
          <path d="M12 2v4M12 18v4M2 12h4M18 12h4" />
        </svg>
      </button>
      {open && (
        <div className="tt-menu" role="menu" aria-label={label}>
          {TRACKING_VIEWPOINTS.map((viewpoint) => (
            <button
              key={viewpoint}
              type="button"
              role="menuitemradio"
              aria-checked={mode === viewpoint}
              className={`tt-menu-item${mode === viewpoint ? ' tt-active' : ''}`}
              data-testid={`viewpoint-${viewpoint}`}
              onClick={() => {
                store.getState().setTrackingMode(viewpoint);
                setOpen(false);
              }}
            >
              {intl.formatMessage({ id: `viewpoint.${viewpoint}` })}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
