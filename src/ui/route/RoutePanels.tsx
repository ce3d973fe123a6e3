import { useEffect } from 'react';
import { useAppStore, useStoreApi } from '../store-context.ts';
import { CriteriaPanel } from './CriteriaPanel.tsx';
import { ResultsPanel } from './ResultsPanel.tsx';
import { RouteIntl } from './RouteIntl.tsx';
import './route.css';

/**
 * The route search panels (loaded on first use): the criteria (`edit`) or the
 * journeys (`route`). Escape closes them.
 */
export default function RoutePanels() {
  const store = useStoreApi();
  const mode = useAppStore((s) => s.searchMode);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || store.getState().searchMode === 'none') return;
      event.preventDefault();
      store.getState().closeRouteSearch();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [store]);
  return <RouteIntl>{mode === 'route' ? <ResultsPanel /> : mode === 'edit' ? <CriteriaPanel /> : null}</RouteIntl>;
}
