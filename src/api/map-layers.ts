/**
 * The layers of a {@link Map} as the API sees them: the built-in ones it can show and hide, and those added with
 * `addLayer` (GeoJSON and 3D Tiles layers are drawn by the deck.gl composition from the store; three.js layers by
 * one three.js overlay, loaded with the first of them; MapLibre style and custom layers go into the base map,
 * `basemap-layers.ts`).
 *
 * @internal
 * @module
 */
import { inZoomRange } from '../data/layer-zoom.ts';
import type { ThreeOverlay as ThreeOverlayClass } from '../layers/three-overlay.ts';
import { BUILT_IN_LAYERS, type BuiltInLayer } from '../store.ts';
import type { LayerInterface, ThreeLayerInterface } from '../layers/layer-types.ts';
import { BasemapLayers, type BasemapLayerInterface } from './basemap-layers.ts';
import { checkBasemapLayer, checkLayer, isBasemapLayerType } from './layer-checks.ts';
import { thrownMessage } from '../data/map-error.ts';
import type { MapHost } from './map-host.ts';
import { validateOneOf } from './options.ts';
import { loadedThreeOverlay, loadThreeOverlay } from './three-overlay-module.ts';

const isBuiltIn = (id: string): id is BuiltInLayer => (BUILT_IN_LAYERS as readonly string[]).includes(id);

/** Mini Tokyo 3D's base map layer ids that name a built-in layer here. */
const LAYER_ALIASES: Readonly<Record<string, BuiltInLayer>> = { 'building-3d': 'buildings' };

/** The layers of a map. */
export class MapLayers {
  /** The three.js layers' drawing, created with the first one (undefined until then; null when three.js failed to load). */
  private threeOverlay: ThreeOverlayClass | null | undefined = undefined;
  /** three.js loading for the first three.js layer, when it was not loaded already. */
  private threeLoading: Promise<void> | null = null;
  /** Layers put into the base map's style. */
  readonly basemap: BasemapLayers;

  /** @param overlay where the three.js canvas goes (null without a page) */
  constructor(
    private readonly host: MapHost,
    private readonly overlay: HTMLElement | null,
  ) {
    this.basemap = new BasemapLayers(host.reportError);
    host.onRemove(() => this.basemap.detach());
  }

  /** See {@link Map.setLayerVisibility}. */
  setVisibility(layerId: string, visibility: 'visible' | 'none'): void {
    const store = this.host.store();
    const value = validateOneOf(visibility, 'visibility', ['visible', 'none'] as const);
    const { customLayers } = store.getState();
    const id = LAYER_ALIASES[layerId] ?? layerId;
    if (this.basemap.has(id)) {
      this.basemap.setVisibility(id, value === 'visible');
      return;
    }
    if (isBuiltIn(id)) {
      store.getState().setLayerVisibility(id, value === 'visible');
      return;
    }
    const custom = customLayers.find((l) => l.id === id);
    if (!custom) {
      const added = [...customLayers.map((l) => l.id), ...this.basemap.ids()];
      this.host.reportError(`No layer "${id}" exists; the built-in layers are ${BUILT_IN_LAYERS.join(', ')}${added.length ? `, and the added ones ${added.join(', ')}` : ''}.`);
      return;
    }
    store.getState().setCustomLayerVisibility(id, value === 'visible');
  }

  /** See {@link Map.addLayer}. */
  add(layer: LayerInterface | BasemapLayerInterface, beforeId?: string): void {
    const basemapLayer = isBasemapLayerType((layer as { type?: unknown } | null)?.type);
    const checked = basemapLayer ? null : checkLayer(layer);
    const id = checked ? checked.id : checkBasemapLayer(layer, beforeId).id;
    const store = this.host.store();
    const { customLayers } = store.getState();
    if (isBuiltIn(id) || customLayers.some((l) => l.id === id) || this.basemap.has(id)) {
      this.host.reportError(`A layer "${id}" already exists; layer ids must be unique. The layer was not added.`);
      return;
    }
    if (!checked) {
      this.basemap.add(layer as BasemapLayerInterface, beforeId);
      return;
    }
    store.getState().addCustomLayer(checked);
    if (checked.type === 'three') this.addThree(checked.spec as ThreeLayerInterface);
  }

  /** See {@link Map.removeLayer}. */
  remove(id: string): void {
    const store = this.host.store();
    const { customLayers } = store.getState();
    if (this.basemap.has(id)) {
      this.basemap.remove(id);
      return;
    }
    const layer = customLayers.find((l) => l.id === id);
    if (!layer) {
      const added = [...customLayers.map((l) => l.id), ...this.basemap.ids()];
      this.host.reportError(`No layer "${id}" to remove: ${added.length ? `the added layers are ${added.join(', ')}` : 'no layer was added'}.`);
      return;
    }
    store.getState().removeCustomLayer(id);
    // A three.js layer still waiting for three.js is not handed to the overlay once it is off the map.
    if (layer.type === 'three') this.threeOverlay?.remove(id);
  }

  /**
   * Adds a three.js layer to the overlay, creating the overlay with the first one: at once when three.js is loaded
   * already (its `onAdd` then runs inside `addLayer`), else once it is.
   */
  private addThree(spec: ThreeLayerInterface) {
    const loaded = loadedThreeOverlay();
    if (this.threeOverlay === undefined && loaded) this.threeOverlay = this.createThreeOverlay(loaded.ThreeOverlay);
    if (this.threeOverlay !== undefined) {
      this.addToThreeOverlay(spec);
      return;
    }
    this.threeLoading ??= loadThreeOverlay().then(
      ({ ThreeOverlay }) => {
        if (this.threeOverlay === undefined) this.threeOverlay = this.createThreeOverlay(ThreeOverlay);
      },
      (e: Error) => {
        this.threeOverlay = null;
        this.host.reportError(`Could not load three.js for layer "${spec.id}": ${e.message}`, { error: e, source: { type: 'layer', id: spec.id } });
      },
    );
    void this.threeLoading.then(() => this.addToThreeOverlay(spec));
  }

  private createThreeOverlay(ThreeOverlay: typeof ThreeOverlayClass): ThreeOverlayClass | null {
    const host = this.host;
    if (host.removed() || !this.overlay) return null;
    const store = host.store();
    const overlay = new ThreeOverlay(this.overlay, host.map, () => store.getState().viewState);
    const apply = () => {
      const { light, customLayers, viewState } = store.getState();
      overlay.setLight(light.summary.color, light.summary.intensity);
      for (const l of customLayers) if (l.type === 'three') overlay.setVisible(l.id, l.visible && inZoomRange(viewState.zoom, l));
    };
    const unsubscribe = store.subscribe((s, previous) => {
      if (s.light !== previous.light || s.customLayers !== previous.customLayers || s.viewState.zoom !== previous.viewState.zoom) apply();
    });
    host.onRemove(() => {
      unsubscribe();
      overlay.dispose();
    });
    queueMicrotask(apply);
    return overlay;
  }

  /** Hands a layer still on the map to the overlay (which calls its `onAdd`). */
  private addToThreeOverlay(spec: ThreeLayerInterface) {
    const overlay = this.threeOverlay;
    if (!overlay || !this.host.store().getState().customLayers.some((l) => l.id === spec.id)) return;
    try {
      overlay.add(spec as never);
    } catch (e) {
      this.host.reportError(`The onAdd of three.js layer "${spec.id}" failed: ${thrownMessage(e)}`, { error: e, source: { type: 'layer', id: spec.id } });
    }
  }
}
