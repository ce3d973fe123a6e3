import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { TRACKING_VIEWPOINTS } from '../data/tracking-view.ts';
import { useAppStore, useStoreApi } from './store-context.ts';
import { MenuControl } from './MenuControl.tsx';

/** The map's element (the container given to `Map`) that full screen shows. */
function mapElementOf(node: HTMLElement | null): HTMLElement | null {
  const app = node?.closest<HTMLElement>('.tt-app');
  return app?.parentElement ?? app ?? null;
}

/** Full-screen button; absent where the browser has no Fullscreen API. */
function FullscreenButton() {
  const intl = useIntl();
  const button = useRef<HTMLButtonElement>(null);
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () => setActive(document.fullscreenElement !== null && document.fullscreenElement === mapElementOf(button.current));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  if (typeof document === 'undefined' || !document.fullscreenEnabled) return null;
  const label = intl.formatMessage({ id: active ? 'exitFullscreen' : 'fullscreen' });
  const toggle = () => {
    if (active) void document.exitFullscreen();
    else void mapElementOf(button.current)?.requestFullscreen();
  };
  return (
    <button ref={button} type="button" className={`tt-button${active ? ' tt-active' : ''}`} data-testid="fullscreen-button" aria-pressed={active} aria-label={label} title={label} onClick={toggle}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d={active ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'} />
      </svg>
    </button>
  );
}

/** A display-mode button that is on or off. */
function ModeButton({ on, label, testId, onToggle, children }: { on: boolean; label: string; testId: string; onToggle: () => void; children: React.ReactNode }) {
  return (
    <button type="button" className={`tt-button${on ? ' tt-active' : ''}`} data-testid={testId} aria-pressed={on} aria-label={label} title={label} onClick={onToggle}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        {children}
      </svg>
    </button>
  );
}

/** Display-mode buttons: full screen, underground view, playback, eco mode (each group switched by its option flag). */
export function ModeControls({ fullscreen, modes }: { fullscreen: boolean; modes: boolean }) {
  const intl = useIntl();
  const store = useStoreApi();
  const underground = useAppStore((s) => s.viewMode === 'underground');
  const playback = useAppStore((s) => s.clockMode === 'playback');
  const eco = useAppStore((s) => s.ecoMode === 'eco');
  if (!fullscreen && !modes) return null;
  return (
    <div className="tt-modes tt-panel" role="group">
      {fullscreen && <FullscreenButton />}
      {modes && (
        <>
          <ModeButton on={underground} label={intl.formatMessage({ id: underground ? 'groundView' : 'undergroundView' })} testId="underground-button" onToggle={() => store.getState().setViewMode(underground ? 'ground' : 'underground')}>
            <path d="M3 9h18M6 13h12M9 17h6" />
          </ModeButton>
          <ModeButton on={playback} label={intl.formatMessage({ id: playback ? 'realtimeClock' : 'playback' })} testId="playback-button" onToggle={() => store.getState().setClockMode(playback ? 'realtime' : 'playback')}>
            <circle cx="12" cy="12" r="8.5" />
            <path d="M10 8.5v7l5.5-3.5z" />
          </ModeButton>
          <ModeButton on={eco} label={intl.formatMessage({ id: 'ecoMode' })} testId="eco-button" onToggle={() => store.getState().setEcoMode(eco ? 'normal' : 'eco')}>
            <path d="M4 8h14v8H4zM18 11h2v2h-2" />
            <path d="M7 11h4v2H7" />
          </ModeButton>
        </>
      )}
    </div>
  );
}

const TRACKING_ICON = (
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2v4M12 18v4M2 12h4M18 12h4" />
  </>
);

/** The tracking-viewpoint button and its menu of the eight viewpoints. */
export function TrackingModeControl() {
  const intl = useIntl();
  const store = useStoreApi();
  const mode = useAppStore((s) => s.trackingMode);
  const label = intl.formatMessage({ id: 'trackingMode' });
  return (
    <MenuControl label={label} testId="tracking-mode-button" icon={TRACKING_ICON} menu>
      {(close) => (
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
                close();
              }}
            >
              {intl.formatMessage({ id: `viewpoint.${viewpoint}` })}
            </button>
          ))}
        </div>
      )}
    </MenuControl>
  );
}
