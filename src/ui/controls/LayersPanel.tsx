import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { BuiltInLayer } from '../../store.ts';
import type { ControlMessageId } from '../i18n/control-messages.ts';
import { CloseButton } from '../PanelButtons.tsx';
import { useAppStore, useStoreApi } from '../store-context.ts';
import { ControlIntl } from './ControlIntl.tsx';

/** A layer the panel switches: its visibility key, its name and its icon. */
interface LayerEntry {
  id: BuiltInLayer;
  name: ControlMessageId;
  icon: ReactNode;
}

/** The layers a person switches (the railways and the stations' shapes are the map itself and stay). */
const ENTRIES: readonly LayerEntry[] = [
  {
    id: 'trains',
    name: 'layer.trains',
    icon: (
      <>
        <rect x="6" y="3.5" width="12" height="13" rx="3" />
        <path d="M6 11h12M9 20l1.5-3.5M15 20l-1.5-3.5" />
      </>
    ),
  },
  {
    id: 'flights',
    name: 'layer.flights',
    icon: <path d="M21 16v-2l-7.5-4.5V4a1.5 1.5 0 0 0-3 0v5.5L3 14v2l7.5-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5l-2-1.5v-5.5z" />,
  },
  {
    id: 'station-names',
    name: 'layer.station-names',
    icon: (
      <>
        <rect x="3" y="7" width="18" height="10" rx="2" />
        <path d="M7 12h10" />
      </>
    ),
  },
  {
    id: 'buildings',
    name: 'layer.buildings',
    icon: <path d="M4 20V9l6-3v14M10 20V4l8 4v12M2 20h20M13 11h2M13 14h2" />,
  },
];

function Panel({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const store = useStoreApi();
  const visibility = useAppStore((s) => s.layerVisibility);
  const title = intl.formatMessage({ id: 'layers.title' });
  const toggle = (id: BuiltInLayer) => store.setState({ layerVisibility: { ...store.getState().layerVisibility, [id]: !store.getState().layerVisibility[id] } });
  return (
    <div className="tt-menu tt-layers" role="dialog" aria-label={title} data-testid="layers-panel">
      <div className="tt-layers-header">
        <h2>{title}</h2>
        <CloseButton label={intl.formatMessage({ id: 'layers.close' })} testId="layers-close" onClose={onClose} />
      </div>
      <div className="tt-layers-grid">
        {ENTRIES.map((entry) => (
          <button
            key={entry.id}
            type="button"
            role="switch"
            aria-checked={visibility[entry.id]}
            className={`tt-layer${visibility[entry.id] ? ' tt-active' : ''}`}
            data-testid={`layer-${entry.id}`}
            onClick={() => toggle(entry.id)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              {entry.icon}
            </svg>
            <span>{intl.formatMessage({ id: entry.name })}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

/** Switches for the layers of the map, each with its icon; × or a click outside closes it. */
export default function LayersPanel({ onClose }: { onClose: () => void }) {
  return (
    <ControlIntl>
      <Panel onClose={onClose} />
    </ControlIntl>
  );
}
