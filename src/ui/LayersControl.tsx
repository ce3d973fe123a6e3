import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { usePanel } from './use-dismiss.ts';

/** The panel and its text load when it is first opened (not before the map shows). */
const LayersPanel = lazy(() => import('./controls/LayersPanel.tsx'));

/** The layers button and its panel of layer switches. */
export function LayersControl() {
  const intl = useIntl();
  const { open, toggle, close, area, opener } = usePanel();
  const label = intl.formatMessage({ id: 'layers' });
  return (
    <div className="tt-config tt-panel" ref={area}>
      <button ref={opener} type="button" className={`tt-button${open ? ' tt-active' : ''}`} data-testid="layers-button" aria-expanded={open} aria-label={label} title={label} onClick={toggle}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 4l9 5-9 5-9-5z" />
          <path d="M3 14l9 5 9-5" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <LayersPanel onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
