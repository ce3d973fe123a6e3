import { CompositeLayer, type DefaultProps, type UpdateParameters } from '@deck.gl/core';
import { buildStationGeometry, CONNECTOR_WIDTH, pathsByOverlap, pathsOfShapes, STATION_WIDTH, type StationPaths } from './station-geometry.ts';
import { TrackLineLayer } from './track-line-layer.ts';
import { chunkPaths, PathCuller, viewBounds, type BinaryPaths } from '../data/geometry/path-culling.ts';
import { groundArea, type GroundViewport } from '../data/geometry/view-area.ts';
import { NETWORK_PROP_TYPES, type NetworkLayerProps } from './network-props.ts';

/** Props of {@link StationLayer}. */
export interface StationLayerProps extends NetworkLayerProps {
  /** Colours of the shape fill and outline, RGBA. */
  colors: { fill: number[]; outline: number[] };
  /** Station shapes drawn highlighted (the selected station), or null. */
  highlightShapes?: readonly number[] | null;
  /** Colour of the highlight ring, RGBA. */
  highlightColor?: number[];
}

/** How far station shapes are drawn towards the camera, in underground levels (see `TrackLineLayer`'s `depthBias`). */
const DEPTH_BIAS = 0.02;

/** Width of the highlight ring around a selected station's outline, track-spacing units on each side. */
const HIGHLIGHT_RING = 0.35;

/**
 * Stations: one rounded shape per physical station (the lines stopping there
 * share it) and thin connectors between transfer stations with different
 * names. Shapes follow the track offsets on the GPU, like the lines.
 */
export class StationLayer extends CompositeLayer<StationLayerProps> {
  static override layerName = 'StationLayer';
  static override defaultProps: DefaultProps<StationLayerProps> = {
    ...NETWORK_PROP_TYPES,
    colors: { type: 'object', value: { fill: [255, 255, 255, 255], outline: [30, 30, 30, 255] }, compare: 1 },
    highlightShapes: { type: 'object', value: null, compare: 1 },
    highlightColor: { type: 'color', value: [255, 145, 0, 255] },
  };

  declare state: {
    /** Shapes of transfer groups and their connectors (they may overlap: drawn in two passes, outlines then fills). */
    culler: PathCuller | null;
    paths: BinaryPaths | null;
    outlinePaths: BinaryPaths | null;
    /** Shapes that stand alone (most of them): drawn in one pass, each filled over its outline. */
    aloneCuller: PathCuller | null;
    alonePaths: BinaryPaths | null;
    all: StationPaths | null;
    highlight: BinaryPaths | null;
  };

  override shouldUpdateState({ changeFlags }: UpdateParameters<this>) {
    return changeFlags.somethingChanged;
  }

  override updateState({ props, oldProps }: UpdateParameters<this>) {
    if (props.network !== oldProps.network) {
      const { network } = props;
      const all = network ? buildStationGeometry(network).paths : null;
      const withOutline = (paths: StationPaths, name: string) => ({ ...paths, attributes: { ...paths.attributes, [name]: { value: outlineWidths(paths), size: 1 } } });
      const split = all && pathsByOverlap(network, all);
      const culler = split && new PathCuller(chunkPaths(withOutline(split.overlapping, 'outlineWidth')));
      const aloneCuller = split && new PathCuller(chunkPaths(withOutline(split.alone, 'getOutlineWidth')));
      this.setState({ culler, aloneCuller, all });
    }
    if (props.network !== oldProps.network || props.highlightShapes !== oldProps.highlightShapes) {
      const shapes = props.highlightShapes?.length && this.state.all ? pathsOfShapes(this.state.all, new Set(props.highlightShapes)) : null;
      const ring = shapes && outlineWidths(shapes).map((w) => w + HIGHLIGHT_RING * 2);
      this.setState({ highlight: shapes && ring ? { ...shapes, attributes: { ...shapes.attributes, getWidth: { value: ring, size: 1 } } } : null });
    }
    const { viewport } = this.context;
    // As the railways: in a tilted view, only the chunks on the ground the view sees.
    const bounds = viewBounds(viewport);
    const area = groundArea(viewport as unknown as GroundViewport);
    const alonePaths = this.state.aloneCuller?.update(bounds, viewport.zoom, area) ?? null;
    if (alonePaths !== this.state.alonePaths) this.setState({ alonePaths });
    const paths = this.state.culler?.update(bounds, viewport.zoom, area) ?? null;
    if (paths === this.state.paths) return;
    const outlinePaths = paths && { ...paths, attributes: { ...paths.attributes, getWidth: paths.attributes.outlineWidth } };
    this.setState({ paths, outlinePaths });
  }

  override renderLayers() {
    const { paths, outlinePaths, alonePaths, highlight } = this.state;
    const { track, colors, highlightColor } = this.props;
    if (!paths || !alonePaths) return null;
    // Drawn a little towards the camera, so that a shape wins the depth test against the railway under it (deck.gl's
    // polygon offset between layers does not, at a distance), and not written to the depth buffer, so that the shapes
    // of one pass that overlap (a connector entering a station) do not cut each other off where rounding puts the
    // later one deeper. Underground shapes stay hidden under the lines above them.
    const parameters = { ...this.props.parameters, depthWriteEnabled: false };
    return [
      highlight && new TrackLineLayer(this.getSubLayerProps({ id: 'highlight', track, paths: highlight, color: highlightColor, parameters, depthBias: DEPTH_BIAS })),
      new TrackLineLayer(this.getSubLayerProps({ id: 'outline', track, paths: outlinePaths, color: colors.outline, parameters, depthBias: DEPTH_BIAS })),
      new TrackLineLayer(this.getSubLayerProps({ id: 'fill', track, paths, color: colors.fill, parameters, depthBias: DEPTH_BIAS })),
      new TrackLineLayer(this.getSubLayerProps({ id: 'alone', track, paths: alonePaths, color: colors.fill, outlineColor: colors.outline, parameters, depthBias: DEPTH_BIAS })),
    ];
  }
}

/** Outline widths: the fill width plus a constant rim. */
function outlineWidths(paths: StationPaths): Float32Array {
  const fill = paths.attributes.getWidth.value as Float32Array;
  return fill.map((w) => w + (w >= STATION_WIDTH ? 0.14 : CONNECTOR_WIDTH * 0.6));
}
