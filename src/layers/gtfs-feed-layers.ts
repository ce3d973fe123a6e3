/**
 * The static part of a GTFS data source on the map: its route lines (the
 * railways' line shader, on a strip built in the GTFS worker), its stops as
 * station dots, and their names (placed on the CPU like the station names).
 * Loaded with the first data source; nothing here is part of the first view.
 *
 * @module
 */
import { CompositeLayer, type DefaultProps, type UpdateParameters, type Viewport } from '@deck.gl/core';
import { ScatterplotLayer } from '@deck.gl/layers';
import type { BBox } from '../data/gtfs/feed-model.ts';
import type { GtfsMapData, GtfsStopsData } from '../data/gtfs/worker-protocol.ts';
import { PERFORMANCE_MARKS } from '../performance-marks.ts';
import { BitmapLabelLayer } from './bitmap-label-layer.ts';
import { estimateTextWidth, placeLabels } from './label-placement.ts';
import { PlacedLabelLayer } from './placed-label-layer.ts';
import { LABEL_FONT_FAMILY } from './label-font.ts';
import { Buffer } from '@luma.gl/core';
import { TrackLineLayer, VERTEX_BUFFER } from './track-line-layer.ts';
import { STRIP_STRIDE } from '../data/geometry/track-strips.ts';
import { SCREEN_DOT_PROPS } from './screen-markers.ts';

/** Degrees added around a feed's extent before it counts as out of view. */
const VIEW_MARGIN_DEGREES = 0.05;

/** Whether a viewport sees any of `bbox` (true when it cannot tell). */
export function bboxInView(viewport: Viewport, [west, south, east, north]: BBox, margin = VIEW_MARGIN_DEGREES): boolean {
  const bounds = (viewport as unknown as { getBounds?: () => number[] }).getBounds?.();
  if (!bounds || !bounds.every(Number.isFinite)) return true;
  return bounds[0] <= east + margin && bounds[2] >= west - margin && bounds[1] <= north + margin && bounds[3] >= south - margin;
}

/** Props of {@link GtfsRouteLineLayer}: a track line layer with the feed's extent. */
interface RouteLineProps {
  bbox: BBox;
  /** Data source id, the detail of the `tt:gtfs-routes-drawn` mark. */
  sourceId: string;
}

/**
 * Bytes of the strip uploaded per frame (a multiple of two vertices): a feed's strip is megabytes, and one upload
 * of it held the main thread for hundreds of milliseconds under software WebGL; a frame's share holds it far less.
 */
export const STRIP_CHUNK_BYTES = STRIP_STRIDE * 2 * 5600;

/**
 * A feed's route lines: the railways' {@link TrackLineLayer} drawing the
 * strip built in the worker, uploaded a chunk per frame (the lines appear
 * over a few frames) and skipped while the feed's area is out of view.
 * Marks `tt:gtfs-routes-drawn` once the whole strip has been drawn.
 */
export class GtfsRouteLineLayer extends TrackLineLayer {
  static override layerName = 'GtfsRouteLineLayer';
  static override defaultProps = {
    ...TrackLineLayer.defaultProps,
    bbox: { type: 'array', value: [-180, -90, 180, 90], compare: true },
    sourceId: '',
  } as DefaultProps<never>;

  declare props: TrackLineLayer['props'] & RouteLineProps;
  declare state: TrackLineLayer['state'] & { uploaded: number; drawn: boolean };

  override updateState({ props, oldProps }: UpdateParameters<this>) {
    if (props.strip === oldProps.strip) return;
    const strip = props.strip;
    if (!strip || strip.vertexCount === 0) {
      this.setState({ vertexCount: 0, uploaded: 0 });
      return;
    }
    let buffer = this.state.vertices;
    if (!buffer || buffer.byteLength < strip.bytes.byteLength) {
      buffer?.destroy();
      buffer = this.context.device.createBuffer({ id: `${props.id}-vertices`, byteLength: strip.bytes.byteLength, usage: Buffer.VERTEX | Buffer.COPY_DST });
      this.state.model?.setAttributes({ [VERTEX_BUFFER]: buffer });
    }
    this.setState({ vertices: buffer, vertexCount: 0, uploaded: 0, drawn: false });
  }

  override draw() {
    if (!bboxInView(this.context.viewport, this.props.bbox)) return;
    const complete = this.uploadChunk();
    super.draw();
    if (complete && !this.state.drawn && this.state.vertexCount > 0) {
      this.state.drawn = true;
      performance.mark(PERFORMANCE_MARKS.gtfsRoutesDrawn, { detail: this.props.sourceId });
    }
  }

  /** Uploads the next chunk of the strip (asking for another frame while some is left); returns whether all is uploaded. */
  private uploadChunk(): boolean {
    const strip = this.props.strip;
    const buffer = this.state.vertices;
    if (!strip || !buffer) return true;
    const total = strip.vertexCount * STRIP_STRIDE;
    const from = this.state.uploaded ?? 0;
    if (from >= total) return true;
    const to = Math.min(total, from + STRIP_CHUNK_BYTES);
    buffer.write(strip.bytes.subarray(from, to), from);
    this.state.uploaded = to;
    this.state.vertexCount = to / STRIP_STRIDE;
    if (to < total) this.setNeedsRedraw();
    return to >= total;
  }
}

/** Props of {@link GtfsStopLayer} and {@link GtfsStopLabelLayer}. */
export interface GtfsStopLayerProps {
  data: GtfsMapData;
  /** Fill, outline, text and halo colours (the stations' colours of the theme), RGBA. */
  colors: { fill: number[]; outline: number[]; text: number[]; halo: number[] };
  /** Stops are drawn from this zoom on (names from {@link GtfsStopLabelLayerProps.labelMinZoom}). */
  minZoom?: number;
}

/** A stop as drawn. */
interface GtfsStop {
  name: string;
  lng: number;
  lat: number;
  locationType: number;
}

const drawnStopsOf = new WeakMap<GtfsStopsData, GtfsStop[]>();

/** Stops drawn: stations and stops without a parent station (a station's platforms are drawn as the station), stations first. */
function drawnStops(stops: GtfsStopsData): GtfsStop[] {
  const cached = drawnStopsOf.get(stops);
  if (cached) return cached;
  const drawn: GtfsStop[] = [];
  for (let i = 0; i < stops.names.length; i++) {
    if (stops.parents[i] >= 0 || stops.locationTypes[i] === 2) continue;
    drawn.push({ name: stops.names[i], lng: stops.coordinates[2 * i], lat: stops.coordinates[2 * i + 1], locationType: stops.locationTypes[i] });
  }
  drawn.sort((a, b) => b.locationType - a.locationType);
  drawnStopsOf.set(stops, drawn);
  return drawn;
}

/** The stops inside the viewport (with a margin), or the previous array when the same. */
function stopsInView(viewport: Viewport, stops: readonly GtfsStop[], previous: GtfsStop[]): GtfsStop[] {
  const bounds = (viewport as unknown as { getBounds?: () => number[] }).getBounds?.();
  if (!bounds) return stops as GtfsStop[];
  const mx = (bounds[2] - bounds[0]) * 0.1;
  const my = (bounds[3] - bounds[1]) * 0.1;
  const inside = stops.filter((s) => s.lng >= bounds[0] - mx && s.lng <= bounds[2] + mx && s.lat >= bounds[1] - my && s.lat <= bounds[3] + my);
  return inside.length === previous.length && inside.every((s, i) => s === previous[i]) ? previous : inside;
}

const STOP_RADIUS_PX = 4;

/** A feed's stops as small station dots (white with a dark ring), from zoom 13, only those in view. */
export class GtfsStopLayer extends CompositeLayer<GtfsStopLayerProps> {
  static override layerName = 'GtfsStopLayer';
  static override defaultProps: DefaultProps<GtfsStopLayerProps> = {
    data: { type: 'object', value: null as unknown as GtfsMapData, compare: true },
    colors: { type: 'object', value: { fill: [255, 255, 255, 255], outline: [35, 35, 40, 255], text: [28, 28, 32, 255], halo: [255, 255, 255, 235] }, compare: 1 },
    minZoom: 13,
  };

  declare state: { stops: GtfsStop[]; visible: GtfsStop[] };

  override shouldUpdateState({ changeFlags }: UpdateParameters<this>) {
    return changeFlags.propsOrDataChanged || changeFlags.viewportChanged;
  }

  override updateState({ props, oldProps }: UpdateParameters<this>) {
    if (props.data !== oldProps.data || !this.state?.stops) this.setState({ stops: drawnStops(props.data.stops), visible: [] });
    const { viewport } = this.context;
    const visible = viewport.zoom >= (props.minZoom ?? 13) && bboxInView(viewport, props.data.bbox) ? stopsInView(viewport, this.state.stops, this.state.visible) : [];
    if (visible !== this.state.visible && !(visible.length === 0 && this.state.visible.length === 0)) this.setState({ visible });
  }

  override renderLayers() {
    const { colors } = this.props;
    const { visible } = this.state;
    if (visible.length === 0) return null;
    return new ScatterplotLayer<GtfsStop>(
      this.getSubLayerProps({
        id: 'stops',
        data: visible,
        getPosition: (s: GtfsStop) => [s.lng, s.lat],
        getRadius: (s: GtfsStop) => (s.locationType === 1 ? STOP_RADIUS_PX + 2 : STOP_RADIUS_PX),
        getFillColor: colors.fill,
        getLineColor: colors.outline,
        getLineWidth: 1.5,
        ...SCREEN_DOT_PROPS,
        updateTriggers: { getFillColor: colors, getLineColor: colors },
      }),
    );
  }
}

/** Props of {@link GtfsStopLabelLayer}. */
export interface GtfsStopLabelLayerProps extends GtfsStopLayerProps {
  labelMinZoom?: number;
  fontSize?: number;
  fontFamily?: string;
}

/**
 * A feed's stop names from zoom 15: placed on the CPU at most every 200 ms
 * while the view moves, stations first, a name dropped where it would
 * overlap one already placed (as the station names are).
 */
export class GtfsStopLabelLayer extends PlacedLabelLayer<GtfsStopLabelLayerProps> {
  static override layerName = 'GtfsStopLabelLayer';
  static override defaultProps: DefaultProps<GtfsStopLabelLayerProps> = {
    ...GtfsStopLayer.defaultProps,
    labelMinZoom: 15,
    fontSize: 12,
    fontFamily: LABEL_FONT_FAMILY,
  } as DefaultProps<GtfsStopLabelLayerProps>;

  declare state: PlacedLabelLayer<GtfsStopLabelLayerProps>['state'] & { stops: GtfsStop[]; placed: GtfsStop[] };

  override updateState(params: UpdateParameters<this>) {
    const { props, oldProps } = params;
    if (props.data !== oldProps.data || !this.state.stops) {
      this.setState({ stops: drawnStops(props.data.stops), placed: [] });
      // A new feed's names are placed at once.
      this.state.placements.last = -Infinity;
    }
    super.updateState(params);
  }

  protected placeLabels() {
    const { viewport } = this.context;
    const { fontSize = 12, labelMinZoom = 15, data } = this.props;
    if (viewport.zoom < labelMinZoom || !bboxInView(viewport, data.bbox)) {
      if (this.state.placed.length > 0) this.setState({ placed: [] });
      return;
    }
    const candidates = stopsInView(viewport, this.state.stops, []);
    const boxes = candidates.map((s) => {
      const [x, y] = viewport.project([s.lng, s.lat]);
      return { x, y: y - fontSize - 6, width: estimateTextWidth(s.name, fontSize), height: fontSize * 1.3 };
    });
    const kept = placeLabels(boxes, viewport.width, viewport.height, 3);
    this.setState({ placed: kept.map((i) => candidates[i]) });
  }

  override renderLayers() {
    const { placed } = this.state;
    const { colors, fontSize, fontFamily } = this.props;
    if (placed.length === 0) return null;
    // As the station names: each name one bitmap, drawn by the browser (see `bitmap-label-layer.ts`).
    return new BitmapLabelLayer<GtfsStop>(
      this.getSubLayerProps({
        id: 'names',
        data: placed,
        getPosition: stopPosition,
        getText: stopName,
        fontFamily,
        fontWeight: 600,
        fontSize,
        haloWidth: 2,
        textColor: colors.text,
        haloColor: colors.halo,
        pixelOffset: STOP_NAME_OFFSET,
      }),
    );
  }
}

/** A stop's name sits this far above it (CSS pixels, to the bitmap's bottom). */
const STOP_NAME_OFFSET: [number, number] = [0, -6];
const stopPosition = (s: GtfsStop) => [s.lng, s.lat];
const stopName = (s: GtfsStop) => s.name;
