import { useEffect, type RefObject } from 'react';
import type { DeckGLRef } from '@deck.gl/react';
import { useIntl } from 'react-intl';
import { useAppStore } from '../store-context.ts';

/**
 * Names the map for assistive technology: deck.gl's event root, the map's one Tab stop, becomes a region labelled in
 * the interface language ("3D map of Tokyo public transport", or the city's name for a city bundle). It is set once
 * deck.gl has made its canvas (`ready`), and again when the language or the network changes.
 */
export function useMapLabel(deckRef: RefObject<DeckGLRef | null>, ready: boolean): void {
  const intl = useIntl();
  const city = useAppStore((s) => s.manifest?.city?.name);
  const label = city ? intl.formatMessage({ id: 'cityMapRegion' }, { city }) : intl.formatMessage({ id: 'mapRegion' });
  useEffect(() => {
    const root = deckRef.current?.deck?.getCanvas()?.parentElement;
    if (!ready || !root) return;
    root.setAttribute('role', 'region');
    root.setAttribute('aria-label', label);
  }, [deckRef, ready, label]);
}
