import { IntlProvider } from 'react-intl';
import type { InterfaceLanguage } from '../api/languages.ts';
import type { RenderStats } from '../render-stats.ts';
import type { AppStore } from '../store.ts';
import { AppInfo } from './AppInfo.tsx';
import { Clock } from './Clock.tsx';
import { MESSAGES } from './i18n/messages.ts';
import { MapView, type BasemapSource } from './MapView.tsx';
import { NavigationControls } from './NavigationControls.tsx';
import { ModeControls, TrackingModeControl } from './ModeControls.tsx';
import { StationsInView } from './StationsInView.tsx';
import { TrackingPanel } from './TrackingPanel.tsx';
import { TrainPopup } from './TrainPopup.tsx';
import { StatusOverlay } from './StatusOverlay.tsx';
import { StoreContext, useAppStore } from './store-context.ts';
import './styles.css';

/** Which parts of the interface are shown. */
export interface AppControls {
  clockControl: boolean;
  navigationControl: boolean;
  modeControl: boolean;
  configControl: boolean;
}

export interface AppProps {
  store: AppStore;
  basemap: BasemapSource;
  controls: AppControls;
  stats: RenderStats;
}

function Shell({ basemap, controls, stats }: Omit<AppProps, 'store'>) {
  const lang = useAppStore((s) => s.lang) as InterfaceLanguage;
  const theme = useAppStore((s) => s.theme);
  const viewMode = useAppStore((s) => s.viewMode);
  return (
    <IntlProvider locale={lang} messages={MESSAGES[lang] ?? MESSAGES.en} defaultLocale="en">
      <div className="tt-app" data-theme={theme} data-view-mode={viewMode} lang={lang}>
        <MapView basemap={basemap} stats={stats} />
        {controls.clockControl && <Clock />}
        <div className="tt-controls">
          {controls.navigationControl && <NavigationControls />}
          {controls.modeControl && <ModeControls />}
          {controls.configControl && <TrackingModeControl />}
          {controls.configControl && <AppInfo />}
        </div>
        <TrainPopup />
        <TrackingPanel />
        <StatusOverlay />
        <StationsInView />
      </div>
    </IntlProvider>
  );
}

/** The whole map application for one container. */
export function App({ store, ...rest }: AppProps) {
  return (
    <StoreContext.Provider value={store}>
      <Shell {...rest} />
    </StoreContext.Provider>
  );
}
