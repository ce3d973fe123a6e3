import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { BuiltInLayer } from '../../store.ts';
import type { ControlMessageId } from '../i18n/control-messages.ts';
import { CloseButton } from '../PanelButtons.tsx';
import { useAppStore, useStoreApi } from '../store-context.ts';
import { ControlIntl } from './ControlIntl.tsx';
import { pluginName } from '../../data/plugin-modes.ts';

/** A layer the panel switches: its visibility key, its name and its icon. */
interface LayerEntry {
  id: BuiltInLayer;
  name: ControlMessageId;
  /** What the switch is about, when its name does not say it all (its tooltip). */
  note?: ControlMessageId;
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
  {
    id: 'rain',
    name: 'layer.rain',
    note: 'layer.rain.note',
    icon: (
      <>
        <path d="M7 14.5a4 4 0 0 1-.6-7.95A5.5 5.5 0 0 1 17 7.5a3.5 3.5 0 0 1 .5 7" />
        <path d="M8.5 16.5l-1.5 3.5M12.5 16.5l-1.5 3.5M16.5 16.5l-1.5 3.5" />
      </>
    ),
  },
];

function Panel({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const store = useStoreApi();
  const visibility = useAppStore((s) => s.layerVisibility);
  const plugins = useAppStore((s) => s.plugins);
  const lang = useAppStore((s) => s.lang);
  const title = intl.formatMessage({ id: 'layers.title' });
  const toggle = (id: BuiltInLayer) => store.getState().setLayerVisibility(id, !store.getState().layerVisibility[id]);
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
            title={entry.note && intl.formatMessage({ id: entry.note })}
            onClick={() => toggle(entry.id)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              {entry.icon}
            </svg>
            <span>{intl.formatMessage({ id: entry.name })}</span>
          </button>
        ))}
        {plugins.map((plugin) => (
          <button
            key={`plugin:${plugin.id}`}
            type="button"
            role="switch"
            aria-checked={plugin.enabled}
            aria-description={plugin.visible ? undefined : intl.formatMessage({ id: 'layers.pluginHidden' })}
            title={plugin.visible ? undefined : intl.formatMessage({ id: 'layers.pluginHidden' })}
            className={`tt-layer tt-plugin${plugin.enabled ? ' tt-active' : ''}${plugin.visible ? '' : ' tt-hidden-mode'}`}
            data-testid={`plugin-${plugin.id}`}
            onClick={() => store.getState().togglePlugin(plugin.id)}
          >
            {/* The page's icon, from its CSS declarations (set as text, never parsed as markup). */}
            <span className="tt-plugin-icon" aria-hidden="true" ref={(icon) => void (icon && (icon.style.cssText = plugin.iconStyle))} />
            <span>{pluginName(plugin.names, lang, plugin.id)}</span>
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
