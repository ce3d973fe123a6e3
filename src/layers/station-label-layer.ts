import { type DefaultProps, type UpdateParameters, type Viewport } from '@deck.gl/core';
import { BitmapLabelLayer } from './bitmap-label-layer.ts';
import { estimateTextWidth, placeLabels } from './label-placement.ts';
import { PlacedLabelLayer } from './placed-label-layer.ts';
import { LABEL_FONT_FAMILY } from './label-font.ts';
import { anchorPosition, buildStationGeometry } from './station-geometry.ts';
import { buildStationLabels, labelPosition, type StationLabel } from './station-labels.ts';
import { NETWORK_PROP_TYPES, type NetworkLayerProps } from './network-props.ts';

/** Props of {@link StationLabelLayer}. */
export interface StationLabelLayerProps extends NetworkLayerProps {
  /** Data language of the names (ja, en, ko, zh-Hans, zh-Hant, fr). */
  lang: string;
  /** Colours of the text and its halo, RGBA. */
  colors: { text: number[]; halo: number[] };
  /** Font stack of station names (the browser's own fonts; CJK needs a CJK font). */
  fontFamily?: string;
  /** Font size of names, pixels. */
  fontSize?: number;
  /** Names are shown from this zoom on. */
  labelMinZoom?: number;
  /** Called with the names shown after each placement (for an accessible list of the stations in view). */
  onLabelsPlaced?: ((names: string[]) => void) | null;
}

/**
 * Station names in the chosen language, one per name of a transfer group.
 * Names are placed on the CPU at most every 200 ms while the view moves
 * (`PlacedLabelLayer`):
 * busier stations first; a name is dropped where it would overlap one already
 * placed or where it lies far towards the horizon. Drawn above the trains.
 */
export class StationLabelLayer extends PlacedLabelLayer<StationLabelLayerProps> {
  static override layerName = 'StationLabelLayer';
  static override defaultProps: DefaultProps<StationLabelLayerProps> = {
    ...NETWORK_PROP_TYPES,
    lang: 'en',
    colors: { type: 'object', value: { text: [30, 30, 30, 255], halo: [255, 255, 255, 230] }, compare: 1 },
    fontFamily: LABEL_FONT_FAMILY,
    fontSize: 13,
    labelMinZoom: 12.5,
    onLabelsPlaced: null,
  };

  declare state: PlacedLabelLayer<StationLabelLayerProps>['state'] & {
    labels: StationLabel[];
    visibleLabels: StationLabel[];
  };

  override updateState(params: UpdateParameters<this>) {
    const { props, oldProps } = params;
    if (props.network !== oldProps.network || props.lang !== oldProps.lang) {
      const anchors = props.network ? buildStationGeometry(props.network).anchors : [];
      const labels = props.network ? buildStationLabels(props.network, anchors, props.lang) : [];
      this.setState({ labels, visibleLabels: [] });
    }
    super.updateState(params);
  }

  /** Chooses which names fit on screen now. */
  protected placeLabels() {
    const { viewport } = this.context;
    const { track, fontSize = 13, labelMinZoom = 0 } = this.props;
    if (viewport.zoom < labelMinZoom) {
      this.setState({ visibleLabels: [] });
      this.props.onLabelsPlaced?.([]);
      return;
    }
    const [longitude, latitude] = viewport.unproject([viewport.width / 2, viewport.height / 2]);
    const centreScale = metresToPixels(viewport, longitude, latitude, [viewport.width / 2, viewport.height / 2]);
    const boxes = this.state.labels.map((label) => {
      label.position = labelPosition(label, (a) => anchorPosition(a, track, viewport.zoom), (p) => viewport.project(p), [viewport.width / 2, viewport.height / 2]);
      const [x, y] = viewport.project(label.position);
      if (!(x > -50 && y > -20 && x < viewport.width + 50 && y < viewport.height + 20)) return null;
      // Far towards the horizon names would crowd into an unreadable band.
      if (metresToPixels(viewport, label.position[0], label.position[1], [x, y]) < centreScale * 0.55) return null;
      return { x, y: y - fontSize, width: estimateTextWidth(label.text, fontSize), height: fontSize * 1.3 };
    });
    const kept = placeLabels(boxes, viewport.width, viewport.height, 3);
    const visibleLabels = kept.map((i) => this.state.labels[i]);
    this.setState({ visibleLabels });
    this.props.onLabelsPlaced?.(visibleLabels.map((l) => l.text));
  }

  override renderLayers() {
    const { visibleLabels } = this.state;
    const { colors } = this.props;
    return new BitmapLabelLayer<StationLabel>(
      this.getSubLayerProps({
        id: 'names',
        data: visibleLabels,
        getPosition: labelAnchor,
        getText: labelText,
        getTextOpacity: labelOpacity,
        fontFamily: this.props.fontFamily,
        fontWeight: 600,
        fontSize: this.props.fontSize,
        haloWidth: 2,
        textColor: colors.text,
        haloColor: colors.halo,
        pixelOffset: NAME_OFFSET,
      }),
    );
  }
}

/** A name's bottom sits this far above its station (CSS pixels). */
const NAME_OFFSET: [number, number] = [0, -12];
const labelAnchor = (l: StationLabel) => l.position;
const labelText = (l: StationLabel) => l.text;
/** Names of underground stations are a little lighter. */
const labelOpacity = (l: StationLabel) => (l.underground ? 0.8 : 1);

/** Pixels per metre at a point (how large the map is drawn there). */
function metresToPixels(viewport: Viewport, lng: number, lat: number, at: number[]): number {
  const [x, y] = viewport.project([lng + 100 / (111320 * Math.cos((lat * Math.PI) / 180)), lat]);
  return Math.hypot(x - at[0], y - at[1]) / 100;
}
