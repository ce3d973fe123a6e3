import type { StyleSpecification } from 'maplibre-gl';
import { useMemo, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { createBasemapStyle, withAttribution } from '../../basemap/style.ts';
import { lightStage } from '../../data/light/light-stages.ts';
import { RAINVIEWER_ATTRIBUTION } from '../../data/weather/rainviewer-config.ts';
import { useAppStore } from '../store-context.ts';
import { useBasemapSky } from '../use-light-sky.ts';

/** Where the base map comes from: our PMTiles + glyphs, or a hosted style. */
export interface BasemapSource {
  /** Absolute PMTiles URL. */
  pmtilesUrl: string;
  /** Absolute glyph URL template. */
  glyphsUrl: string;
  /** Hosted style URL (replaces the PMTiles style when given). */
  mapStyle?: string;
  /** Whether a city bundle's own style (its manifest's `city.mapStyle`) replaces the PMTiles style: the options named no base map. */
  bundleStyle?: boolean;
}

/**
 * The base map's style (ours in the theme, light stage and language of the interface, or the hosted one of the options
 * or of a city bundle), and its sky following the light.
 */
export function useBasemapStyle(basemap: BasemapSource, basemapRef: RefObject<MapRef | null>): string | StyleSpecification {
  const theme = useAppStore((s) => s.theme);
  const light = useAppStore((s) => s.light);
  const stage = lightStage(light).id;
  const lang = useAppStore((s) => s.lang);
  // As in Mini Tokyo 3D, a 3D Tiles layer shown (a city model, such as the PLATEAU plugin's) hides the base map's buildings.
  const buildings = useAppStore((s) => s.layerVisibility.buildings && !s.customLayers.some((l) => l.type === 'tile-3d' && l.visible));
  // RainViewer asks to be credited on the map while its radar is used.
  const rainCredit = useAppStore((s) => s.layerVisibility.rain);
  const cityStyle = useAppStore((s) => (basemap.bundleStyle ? s.manifest?.city?.mapStyle : undefined));
  const mapStyle = useMemo(() => {
    if (basemap.mapStyle) return basemap.mapStyle;
    if (cityStyle) return cityStyle;
    const style = createBasemapStyle({ tilesUrl: `pmtiles://${basemap.pmtilesUrl}`, glyphsUrl: basemap.glyphsUrl, theme, stage, lang, buildings });
    return rainCredit ? withAttribution(style, 'rainviewer-credit', RAINVIEWER_ATTRIBUTION) : style;
  }, [basemap, cityStyle, theme, stage, lang, buildings, rainCredit]);
  useBasemapSky(basemapRef, light.sky, mapStyle);
  return mapStyle;
}
