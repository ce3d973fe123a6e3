import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { MenuControl } from './MenuControl.tsx';

/** The panel's code (and that of its lines) loads when it first opens. */
const AppInfoPanel = lazy(() => import('./AppInfoPanel.tsx'));

const ICON = (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5v.5" />
  </>
);

/** The application-info button, and its panel (see `AppInfoPanel.tsx`). */
export function AppInfo() {
  const intl = useIntl();
  return (
    <MenuControl label={intl.formatMessage({ id: 'appInfo' })} testId="app-info-button" icon={ICON}>
      {(close) => (
        <Suspense fallback={null}>
          <AppInfoPanel close={close} />
        </Suspense>
      )}
    </MenuControl>
  );
}
