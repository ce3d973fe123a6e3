import { useIntl } from 'react-intl';
import { useAppStore, useStoreApi } from './store-context.ts';

/** Zoom in, zoom out and a compass that resets the bearing (and shows it). */
export function NavigationControls() {
  const intl = useIntl();
  const store = useStoreApi();
  const bearing = useAppStore((s) => Math.round(s.viewState.bearing));
  const zoomBy = (delta: number) => {
    const { zoom } = store.getState().viewState;
    store.getState().requestCamera({ zoom: Math.max(0, Math.min(22, zoom + delta)) }, 'ease', 300);
  };
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <div className="tt-nav tt-panel" role="group">
      <button type="button" className="tt-button" aria-label={label('zoomIn')} title={label('zoomIn')} onClick={() => zoomBy(1)}>
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 5v14M5 12h14" /></svg>
      </button>
      <button type="button" className="tt-button" aria-label={label('zoomOut')} title={label('zoomOut')} onClick={() => zoomBy(-1)}>
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M5 12h14" /></svg>
      </button>
      <button
        type="button"
        className="tt-button"
        aria-label={label('compass')}
        title={label('compass')}
        onClick={() => store.getState().requestCamera({ bearing: 0, pitch: store.getState().viewState.pitch }, 'ease', 400)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" style={{ transform: `rotate(${-bearing}deg)` }}>
          <path className="tt-needle-north" d="M12 3l3.5 9h-7z" />
          <path className="tt-needle-south" d="M12 21l-3.5-9h7z" />
        </svg>
      </button>
    </div>
  );
}
