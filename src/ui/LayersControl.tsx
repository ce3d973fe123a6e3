import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { MenuControl } from './MenuControl.tsx';

/** The panel and its text load when it is first opened (not before the map shows). */
const LayersPanel = lazy(() => import('./controls/LayersPanel.tsx'));

const ICON = (
  <>
    <path d="M12 4l9 5-9 5-9-5z" />
    <path d="M3 14l9 5 9-5" />
  </>
);

/** The layers button and its panel of layer switches. */
export function LayersControl() {
  const intl = useIntl();
  return (
    <MenuControl label={intl.formatMessage({ id: 'layers' })} testId="layers-button" icon={ICON} activeWhenOpen>
      {(close) => (
        <Suspense fallback={null}>
          <LayersPanel onClose={close} />
        </Suspense>
      )}
    </MenuControl>
  );
}
