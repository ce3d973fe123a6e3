/**
 * The layers of a {@link Map} as the API sees them: the built-in ones it can show and hide, and those added with
 * `addLayer` (GeoJSON and 3D Tiles layers are drawn by the deck.gl composition from the store; three.js layers by
 * one three.js overlay, loaded with the first of them).
 *
 * @internal
 * @module
 */
import { inZoomRange } from '../data/layer-zoom.ts';
import type { ThreeOverlay } from '../layers/three-overlay.ts';
import { BUILT_IN_LAYERS, type BuiltInLayer } from '../store.ts';
import type { LayerInterface, ThreeLayerInterface } from '../layers/layer-types.ts';
import { thrownMessage } from '../data/map-error.ts';
import { checkLayer } from './layer-checks.ts';
import type { MapHost } from './map-host.ts';
import { validateOneOf } from './options.ts';

const isBuiltIn = (id: string): id is BuiltInLayer => (BUILT_IN_LAYERS as readonly string[]).includes(id);

/** The layers of a map. */
export class MapLayers {
  /** The three.js layers' drawing, created with the first one (three.js loads then). */
  private threeLayers: Promise<ThreeOverlay | null> | null = null;

  /** @param overlay where the three.js canvas goes (null without a page) */
  constructor(
    private readonly host: MapHost,
    private readonly overlay: HTMLElement | null,
  ) {}

  /** See {@link Map.setLayerVisibility}. */
  setVisibility(id: string, visibility: 'visible' | 'none'): void {
    const store = this.host.store();
    const value = validateOneOf(visibility, 'visibility', ['visible', 'none'] as const);
    const { customLayers } = store.getState();
    if (isBuiltIn(id)) {
      store.getState().setLayerVisibility(id, value === 'visible');
      return;
    }
    const custom = customLayers.find((l) => l.id === id);
    if (!custom) {
      this.host.reportError(`No layer "${id}" exists; the built-in layers are ${BUILT_IN_LAYERS.join(', ')}${customLayers.length ? `, and the added ones ${customLayers.map((l) => l.id).join(', ')}` : ''}.`);
      return;
    }
    store.getState().setCustomLayerVisibility(id, value === 'visible');
  }

  /** See {@link Map.addLayer}. */
  add(layer: LayerInterface): void {
    const checked = checkLayer(layer);
    const store = this.host.store();
    const { customLayers } = store.getState();
    if (isBuiltIn(checked.id) || customLayers.some((l) => l.id === checked.id)) {
      this.host.reportError(`A layer "${checked.id}" already exists; layer ids must be unique. The layer was not added.`);
      return;
    }
    store.getState().addCustomLayer(checked);
    if (checked.type === 'three') this.addThree(checked.spec as ThreeLayerInterface);
  }

  /** See {@link Map.removeLayer}. */
  remove(id: string): void {
    const store = this.host.store();
    const { customLayers } = store.getState();
    const layer = customLayers.find((l) => l.id === id);
    if (!layer) {
      this.host.reportError(`No layer "${id}" to remove: ${customLayers.length ? `the added layers are ${customLayers.map((l) => l.id).join(', ')}` : 'no layer was added'}.`);
      return;
    }
    store.getState().removeCustomLayer(id);
    if (layer.type === 'three') void this.threeLayers?.then((overlay) => overlay?.remove(id));
  }

  private addThree(spec: ThreeLayerInterface) {
    const host = this.host;
    const store = host.store();
    this.threeLayers ??= import('../layers/three-overlay.ts').then(
      ({ ThreeOverlay }) => {
        if (host.removed() || !this.overlay) return null;
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
      },
      (e: Error) => {
        host.reportError(`Could not load three.js for layer "${spec.id}": ${e.message}`, { error: e, source: { type: 'layer', id: spec.id } });
        return null;
      },
    );
    void this.threeLayers.then((overlay) => {
      if (!overlay || !store.getState().customLayers.some((l) => l.id === spec.id)) return;
      try {
        overlay.add(spec as never);
      } catch (e) {
        host.reportError(`The onAdd of three.js layer "${spec.id}" failed: ${thrownMessage(e)}`, { error: e, source: { type: 'layer', id: spec.id } });
      }
    });
  }
}
