/**
 * MapLibre's sky (zenith, horizon and fog colours, seen at high pitch) follows
 * the light continuously through `setSky`, which repaints without touching the style's layers.
 *
 * @module
 */
import type { SkySpecification } from 'maplibre-gl';
import { useEffect, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import type { SkyColors } from '../data/light/light-state.ts';

/** Applies `sky` to the base map now, and again after a new style (`style`) has loaded. */
export function useBasemapSky(ref: RefObject<MapRef | null>, sky: SkyColors, style: unknown): void {
  useEffect(() => {
    const map = ref.current?.getMap();
    if (!map) return;
    const apply = () => map.setSky(sky as SkySpecification);
    if (map.isStyleLoaded()) {
      apply();
      return;
    }
    map.once('styledata', apply);
    return () => {
      map.off('styledata', apply);
    };
  }, [ref, sky, style]);
}
