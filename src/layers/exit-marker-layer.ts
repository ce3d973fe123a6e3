import { CompositeLayer, type DefaultProps } from '@deck.gl/core';
import { ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import type { ExitMarker } from '../data/exits.ts';
import { LABEL_FONT_FAMILY } from './label-font.ts';
import { ALWAYS_ON_TOP, SCREEN_DOT_PROPS } from './screen-markers.ts';

/** Props of {@link ExitMarkerLayer}. */
export interface ExitMarkerLayerProps {
  markers: ExitMarker[];
  /** Id of the marker drawn larger, with a ring (its list entry is hovered). */
  highlighted: string | null;
  /** Colours: an open exit, a closed one (orange, as closed exits are in the list), text and the ring/halo, RGBA. */
  colors: { open: number[]; closed: number[]; text: number[]; halo: number[] };
  fontFamily?: string;
}

const RADIUS = 7;
const HIGHLIGHT_RADIUS = 12;

/**
 * The exits of the selected station while its exit list is open: a dot per exit (orange when closed at the
 * clock's time) with its short name beside it; the highlighted one larger, ringed and in front.
 */
export class ExitMarkerLayer extends CompositeLayer<ExitMarkerLayerProps> {
  static override layerName = 'ExitMarkerLayer';
  static override defaultProps: DefaultProps<ExitMarkerLayerProps> = {
    markers: { type: 'array', value: [], compare: true },
    highlighted: null,
    colors: { type: 'object', value: { open: [26, 115, 232, 255], closed: [232, 113, 10, 255], text: [28, 28, 32, 255], halo: [255, 255, 255, 235] }, compare: 1 },
    fontFamily: LABEL_FONT_FAMILY,
  };

  override renderLayers() {
    const { markers, highlighted, colors, fontFamily } = this.props;
    // The highlighted marker last, so that it is drawn over its neighbours.
    const data = highlighted ? [...markers.filter((m) => m.id !== highlighted), ...markers.filter((m) => m.id === highlighted)] : markers;
    const isHighlighted = (m: ExitMarker) => m.id === highlighted;
    return [
      new ScatterplotLayer<ExitMarker>(
        this.getSubLayerProps({
          id: 'dots',
          data,
          getPosition: (m: ExitMarker) => m.coord,
          getRadius: (m: ExitMarker) => (isHighlighted(m) ? HIGHLIGHT_RADIUS : RADIUS),
          getFillColor: (m: ExitMarker) => (m.closed ? colors.closed : colors.open),
          getLineColor: (m: ExitMarker) => (isHighlighted(m) ? colors.text : colors.halo),
          getLineWidth: (m: ExitMarker) => (isHighlighted(m) ? 3 : 2),
          ...SCREEN_DOT_PROPS,
          updateTriggers: { getRadius: highlighted, getLineColor: [highlighted, colors], getLineWidth: highlighted, getFillColor: colors },
        }),
      ),
      new TextLayer<ExitMarker>(
        this.getSubLayerProps({
          id: 'labels',
          data,
          getPosition: (m: ExitMarker) => m.coord,
          getText: (m: ExitMarker) => m.label,
          getSize: (m: ExitMarker) => (isHighlighted(m) ? 15 : 12),
          getColor: (m: ExitMarker) => (m.closed ? colors.closed : colors.text),
          getPixelOffset: (m: ExitMarker) => [isHighlighted(m) ? HIGHLIGHT_RADIUS + 5 : RADIUS + 4, 0],
          getTextAnchor: 'start',
          getAlignmentBaseline: 'center',
          fontFamily,
          fontWeight: 700,
          characterSet: 'auto',
          fontSettings: { sdf: true, fontSize: 40, buffer: 6 },
          outlineWidth: 4,
          outlineColor: colors.halo,
          billboard: true,
          parameters: ALWAYS_ON_TOP,
          updateTriggers: { getSize: highlighted, getPixelOffset: highlighted, getColor: colors },
        }),
      ),
    ];
  }
}
