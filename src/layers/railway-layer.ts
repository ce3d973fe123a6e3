import { CompositeLayer, type DefaultProps, type UpdateParameters } from '@deck.gl/core';
import type { Network } from '../data/network.ts';
import { hexToRgb } from './colors.ts';
import { packVertexStyle, TrackPathLayer } from './track-path-layer.ts';
import type { TrackStyle } from './track-uniforms.ts';
import { chunkPaths, PathCuller, viewBounds, type BinaryPaths } from './path-culling.ts';

/** Props of {@link RailwayLayer}. */
export interface RailwayLayerProps {
  network: Network;
  track: TrackStyle;
  /** Line width as a fraction of the track spacing. */
  lineWidth?: number;
}

/**
 * Every railway in its official colour. Lines sharing a corridor run side by
 * side at a spacing that stays constant on screen (offsets applied on the
 * GPU); underground sections lie below ground and fade with the view mode.
 */
export function buildRailwayPaths(network: Network): BinaryPaths {
  const { pieces, railways } = network.meta;
  const { track } = network;
  const startIndices = new Uint32Array(pieces.length + 1);
  const colors = new Uint8Array(track.count * 4);
  const offsets = new Float32Array(track.count * 4);
  pieces.forEach((piece, i) => {
    startIndices[i] = piece.start;
    const [r, g, b] = hexToRgb(railways[piece.railway].color);
    for (let v = piece.start; v < piece.start + piece.count; v++) {
      colors.set([r, g, b, 255], v * 4);
      offsets.set(track.offsets.subarray(v * 3, v * 3 + 3), v * 4);
      offsets[v * 4 + 3] = packVertexStyle(piece.minZoom, piece.maxZoom, track.opacity[v] / 255);
    }
  });
  startIndices[pieces.length] = track.count;
  return {
    length: pieces.length,
    startIndices,
    attributes: {
      getPath: { value: track.positions, size: 3 },
      getColor: { value: colors, size: 4, normalized: true },
      getTrackOffset: { value: offsets, size: 4 },
    },
  };
}

export class RailwayLayer extends CompositeLayer<RailwayLayerProps> {
  static override layerName = 'RailwayLayer';
  static override defaultProps: DefaultProps<RailwayLayerProps> = {
    network: { type: 'object', value: null as unknown as Network, compare: true },
    track: { type: 'object', value: null as unknown as TrackStyle, compare: 1 },
    lineWidth: 0.4,
  };

  declare state: { culler: PathCuller | null; paths: BinaryPaths | null };

  override shouldUpdateState({ changeFlags }: UpdateParameters<this>) {
    return changeFlags.somethingChanged;
  }

  override updateState({ props, oldProps }: UpdateParameters<this>) {
    if (props.network !== oldProps.network) this.setState({ culler: props.network ? new PathCuller(chunkPaths(buildRailwayPaths(props.network))) : null });
    const paths = this.state.culler?.update(viewBounds(this.context.viewport), this.context.viewport.zoom) ?? null;
    if (paths !== this.state.paths) this.setState({ paths });
  }

  override renderLayers() {
    const { paths } = this.state;
    if (!paths) return null;
    return new TrackPathLayer(
      this.getSubLayerProps({
        id: 'lines',
        data: paths,
        track: this.props.track,
        getWidth: this.props.lineWidth! * this.props.track.spacing,
        jointRounded: true,
        capRounded: true,
        parameters: { depthWriteEnabled: false, depthCompare: 'always' },
      }),
    );
  }
}
