import { WebMercatorViewport } from '@deck.gl/core';
import { useEffect, type RefObject } from 'react';
import type { Network } from '../../data/network.ts';
import type { Journey } from '../../data/routing/journey.ts';
import { useStoreApi } from '../store-context.ts';

/** Margin around the journey, px. */
const MARGIN = 48;
/** No closer than this, so that a two-station journey still shows its surroundings. */
const MAX_ZOOM = 15;
/** Steeper views hide the far end of a journey behind the horizon: the fitted view is at most this pitch. */
const MAX_PITCH = 40;

/** The coordinates of every station the journey passes. */
function journeyPoints(network: Network, journey: Journey): [number, number][] {
  const stations = journey.legs.flatMap((leg) => [leg.from, ...leg.stops.map((stop) => stop.station), leg.to]);
  return stations.flatMap((s) => {
    const coord = network.meta.stations[s]?.coord;
    return coord ? [coord] : [];
  });
}

/**
 * Moves the camera so that the shown journey fills the largest part of the map the results panel leaves free (above
 * it, or beside it). Bearing kept; pitch at most {@link MAX_PITCH}.
 */
export function useJourneyFraming(panel: RefObject<HTMLElement | null>, network: Network | null, journey: Journey | undefined): void {
  const store = useStoreApi();
  useEffect(() => {
    const element = panel.current;
    const map = element?.offsetParent?.getBoundingClientRect();
    if (!element || !map || !network || !journey) return;
    const points = journeyPoints(network, journey);
    if (points.length === 0) return;
    const box = element.getBoundingClientRect();
    // The largest part of the map the panel leaves free: above it, left of it or right of it.
    const free = [
      { area: (box.top - map.top) * map.width, padding: { bottom: map.bottom - box.top } },
      { area: (box.left - map.left) * map.height, padding: { right: map.right - box.left } },
      { area: (map.right - box.right) * map.height, padding: { left: box.right - map.left } },
    ].sort((a, b) => b.area - a.area)[0];
    const padding = { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN };
    for (const [side, px] of Object.entries(free.padding) as [keyof typeof padding, number][]) padding[side] += Math.max(0, px);
    if (padding.top + padding.bottom >= map.height - MARGIN || padding.left + padding.right >= map.width - MARGIN) return;
    const lngs = points.map((p) => p[0]);
    const lats = points.map((p) => p[1]);
    const { longitude, latitude, zoom } = new WebMercatorViewport({ width: map.width, height: map.height }).fitBounds(
      [
        [Math.min(...lngs), Math.min(...lats)],
        [Math.max(...lngs), Math.max(...lats)],
      ],
      { padding, maxZoom: MAX_ZOOM },
    );
    const { viewState, requestCamera } = store.getState();
    requestCamera({ longitude, latitude, zoom, pitch: Math.min(viewState.pitch, MAX_PITCH) }, 'fly', 1200);
  }, [panel, network, journey, store]);
}
