/**
 * Layers of the base map added through `Map.addLayer`: MapLibre style layers (`fill`, `line`, `raster`,
 * `symbol`, …, with a source id or an inline source) and custom WebGL layers, put into the base map's style
 * before `beforeId` as Mini Tokyo 3D puts them into its Mapbox style, and put back after each rebuild of the
 * style (theme, light and language changes rebuild it).
 *
 * A custom layer written for Mapbox GL (`render(gl, matrix)`) and one written for MapLibre (`render(gl, options)`)
 * both work: the second argument is Mapbox GL's matrix (16 numbers, Mercator coordinates to clip space) that
 * also carries the fields of MapLibre's options object.
 *
 * @internal
 * @module
 */
import type { CustomLayerInterface, CustomRenderMethodInput, Map as MapLibreMap, SourceSpecification } from 'maplibre-gl';
import { thrownMessage, type ReportError } from '../data/map-error.ts';

/** Leaves out of a style layer the properties MapLibre has not, once MapLibre's lists of them are loaded. */
let knownProperties: ((layer: Record<string, unknown>) => Record<string, unknown>) | null = null;
let loading: Promise<unknown> | null = null;

/**
 * Loads MapLibre's lists of the properties of each layer type (a chunk of their own, out of the first view); from
 * then on, the paint and layout properties MapLibre does not know (Mapbox GL v3's) are left out of a layer as it
 * is added, so that the rest of it is drawn. A layer MapLibre refuses before they are loaded loads them, and is
 * tried again.
 */
export function loadStyleLayerProperties(): Promise<unknown> {
  return (loading ??= import('./style-layer-properties.ts').then((m) => (knownProperties = m.leaveUnknownOut)));
}

/** The style layer types MapLibre draws, and `custom`. */
export const BASEMAP_LAYER_TYPES = ['fill', 'line', 'symbol', 'circle', 'heatmap', 'fill-extrusion', 'raster', 'hillshade', 'color-relief', 'background', 'custom'] as const;

/** A MapLibre style layer (its `source` an id or a source object) or a custom layer, for the base map. */
export interface BasemapLayerInterface {
  id: string;
  type: (typeof BASEMAP_LAYER_TYPES)[number];
  /** A source id of the base map's style, or a source object (added under the layer's id). */
  source?: string | SourceSpecification;
  [key: string]: unknown;
}

/** What a custom layer renders with: the matrix, and MapLibre's options fields on it. */
type RenderArgument = Float64Array & Partial<CustomRenderMethodInput>;

interface Entry {
  spec: BasemapLayerInterface;
  beforeId: string | undefined;
  visible: boolean;
  /** The inline source, added under the layer's id. */
  source: SourceSpecification | null;
  /** What MapLibre gets: the spec with its source id, or the wrapped custom layer. */
  layer: Record<string, unknown> | CustomLayerInterface;
  /** Whether `layer` went through MapLibre's property lists (and lost what those have not). */
  checked: boolean;
}

/**
 * Mapbox GL's custom layer matrix (Mercator coordinates 0–1 to clip space, which MapLibre gives as
 * `defaultProjectionData.mainMatrix`; its `modelViewProjectionMatrix` is in world pixels) with MapLibre's options
 * fields on it: one array per layer, reused each frame.
 */
function renderArgument(target: RenderArgument, options: CustomRenderMethodInput | ArrayLike<number>): RenderArgument {
  const input = options as CustomRenderMethodInput;
  target.set((input.defaultProjectionData?.mainMatrix ?? options) as ArrayLike<number>);
  return Object.assign(target, input.defaultProjectionData ? input : {});
}

type CustomImpl = Partial<Record<'onAdd' | 'onRemove' | 'prerender' | 'render', (...args: unknown[]) => void>> & { renderingMode?: '2d' | '3d' };

function wrapCustom(spec: BasemapLayerInterface, visible: () => boolean): CustomLayerInterface {
  const impl = spec as unknown as CustomImpl;
  const matrix = new Float64Array(16) as RenderArgument;
  return {
    id: spec.id,
    type: 'custom',
    renderingMode: impl.renderingMode,
    onAdd: (map, gl) => impl.onAdd?.call(impl, map, gl),
    onRemove: (map, gl) => impl.onRemove?.call(impl, map, gl),
    prerender: impl.prerender ? (gl, options) => void (visible() && impl.prerender!.call(impl, gl, renderArgument(matrix, options))) : undefined,
    render: (gl, options) => void (visible() && impl.render?.call(impl, gl, renderArgument(matrix, options))),
  };
}

/** The base map layers of one map. */
export class BasemapLayers {
  private map: MapLibreMap | null = null;
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly reportError: ReportError) {}

  /** MapLibre's own `setStyle` of the map attached to, while it is wrapped (see {@link BasemapLayers.attach}). */
  private ownSetStyle: MapLibreMap['setStyle'] | null = null;

  /**
   * Starts putting the layers into `map`'s style (now, and again after each rebuild of it). Each rebuild replaces
   * the style with `setStyle`; just before, the layers are read back from the style, so that what was changed on
   * them through the base map since they were added (a plugin's `setPaintProperty`, `setFilter`, …) is put back too.
   */
  attach(map: MapLibreMap): void {
    if (this.map === map) return;
    this.detach();
    this.map = map;
    map.on('styledata', this.restore);
    const own = map.setStyle;
    const keep = () => this.keepCurrent();
    this.ownSetStyle = own;
    map.setStyle = function (this: MapLibreMap, ...args: Parameters<MapLibreMap['setStyle']>) {
      keep();
      return own.apply(this, args);
    };
    this.restore();
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  ids(): string[] {
    return [...this.entries.keys()];
  }

  /** Adds a checked layer (its id unused) before `beforeId`, or before the base map's first labels when that is not in the style. */
  add(spec: BasemapLayerInterface, beforeId?: string): void {
    const source = typeof spec.source === 'object' && spec.source !== null ? spec.source : null;
    const entry: Entry = { spec, beforeId, visible: (spec.layout as { visibility?: string } | undefined)?.visibility !== 'none', source, layer: {}, checked: spec.type === 'custom' };
    entry.layer = spec.type === 'custom' ? wrapCustom(spec, () => entry.visible) : { ...spec, ...(source ? { source: spec.id } : {}) };
    this.entries.set(spec.id, entry);
    this.apply(entry);
  }

  remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    const map = this.map;
    if (!map) return;
    this.attempt(id, () => {
      if (map.getLayer(id)) map.removeLayer(id);
      if (entry.source && map.getSource(id)) map.removeSource(id);
    });
  }

  setVisibility(id: string, visible: boolean): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.visible = visible;
    const map = this.map;
    if (map?.getLayer(id) && entry.spec.type !== 'custom') this.attempt(id, () => map.setLayoutProperty(id, 'visibility', visible ? 'visible' : 'none'));
    map?.triggerRepaint();
  }

  /** Stops following the base map (the map is removed). */
  detach(): void {
    const map = this.map;
    if (!map) return;
    map.off('styledata', this.restore);
    if (this.ownSetStyle) map.setStyle = this.ownSetStyle;
    this.ownSetStyle = null;
    this.map = null;
  }

  /** Takes the style layers' definitions (and visibility) as they are in the style now, for the next {@link restore}. */
  private keepCurrent() {
    const layers = this.map?.getStyle()?.layers ?? [];
    for (const layer of layers) {
      const entry = this.entries.get(layer.id);
      if (!entry || entry.spec.type === 'custom') continue;
      entry.layer = { ...layer };
      entry.visible = (layer.layout as { visibility?: string } | undefined)?.visibility !== 'none';
    }
  }

  /** Puts back the layers a rebuilt style lost, in the order they were added. */
  private readonly restore = () => {
    for (const entry of this.entries.values()) this.apply(entry);
  };

  private apply(entry: Entry) {
    const map = this.map;
    const { id } = entry.spec;
    if (!map || map.getLayer(id)) return;
    if (knownProperties && !entry.checked) {
      entry.checked = true;
      entry.layer = knownProperties(entry.layer as Record<string, unknown>);
    }
    // MapLibre reports what it refuses (an invalid source or paint property) as its own `error` event, at once.
    const refusals: { error?: { message: string } }[] = [];
    const refused = (e: { error?: { message: string } }) => void refusals.push(e);
    map.on('error', refused);
    this.attempt(id, () => {
      if (entry.source && !map.getSource(id)) map.addSource(id, entry.source);
      map.addLayer(entry.layer as never, this.anchor(entry.beforeId));
      if (entry.spec.type !== 'custom' && map.getLayer(id)) map.setLayoutProperty(id, 'visibility', entry.visible ? 'visible' : 'none');
    });
    map.off('error', refused);
    if (!refusals.length) return;
    const report = () => {
      for (const e of refusals) this.reportError(`The base map refused layer "${id}": ${e.error?.message ?? 'invalid definition'}`, { error: e.error, source: { type: 'layer', id } });
    };
    // Refused before MapLibre's property lists were loaded: tried again with them (and refused for good then).
    if (entry.checked) report();
    else loadStyleLayerProperties().then(() => this.entries.get(id) === entry && this.apply(entry), report);
  }

  /** Starts loading MapLibre's property lists (for plugins written for Mini Tokyo 3D, before they add Mapbox GL layers). */
  preload(): void {
    loadStyleLayerProperties().catch(() => undefined);
  }

  /** `beforeId` when the style has it, else the first label layer of the base map (so plugin layers stay under names). */
  private anchor(beforeId: string | undefined): string | undefined {
    const map = this.map!;
    if (beforeId && map.getLayer(beforeId)) return beforeId;
    return map.getStyle().layers.find((l) => l.type === 'symbol' && !this.entries.has(l.id))?.id;
  }

  private attempt(id: string, action: () => void) {
    try {
      action();
    } catch (e) {
      // The style is being rebuilt: the layer goes back in with the next `styledata`.
      if (/not done loading/i.test((e as Error).message)) return;
      this.reportError(`Could not put layer "${id}" into the base map: ${thrownMessage(e)}`, { error: e, source: { type: 'layer', id } });
    }
  }
}
