import { CompositeLayer, type DefaultProps, type UpdateParameters } from '@deck.gl/core';
import type { Network } from '../data/network.ts';
import { hexToRgb } from './colors.ts';
import { packVertexStyle } from '../data/geometry/vertex-style.ts';
import { TrackLineLayer } from './track-line-layer.ts';
import { trackRunPathSteps, type TrackRun } from './track-paths.ts';
import { TRACK_DEPTH_METRES, TRACK_SPACING_METRES } from '../data/geometry/track-units.ts';
import { LodCuller, viewBounds, type BinaryPaths } from '../data/geometry/path-culling.ts';
import { chunkStripAssembler, type TrackStrip } from '../data/geometry/track-strips.ts';
import { groundArea, type GroundViewport } from '../data/geometry/view-area.ts';
import { bandZoomRange, simplifyTrackPolyline, TRACK_LOD_BANDS, type LodBand } from '../data/track-lod.ts';
import type { Steps } from '../data/work-steps.ts';
import { NETWORK_PROP_TYPES, type NetworkLayerProps } from './network-props.ts';

/** Props of {@link RailwayLayer}. */
export interface RailwayLayerProps extends NetworkLayerProps {
  /** Line width as a fraction of the track spacing. */
  lineWidth?: number;
}

/**
 * Binary paths of every railway piece drawn in a level-of-detail band: the
 * piece's vertices that the band keeps (see `track-lod.ts`), each carrying
 * its railway's colour and its offset, with the piece's zoom range narrowed
 * to the band's. In steps of one piece.
 */
export function* railwayPathSteps(network: Network, band: LodBand): Steps<BinaryPaths> {
  const { pieces, railways } = network.meta;
  const { track } = network;
  const runs: TrackRun[] = [];
  for (const piece of pieces) {
    const zoom = bandZoomRange(band, piece.minZoom, piece.maxZoom);
    if (!zoom || piece.count === 0) continue;
    const line = { positions: track.positions, offsets: track.offsets, opacity: track.opacity, start: piece.start, count: piece.count };
    const vertices = simplifyTrackPolyline(line, band, TRACK_DIMENSIONS).map((k) => piece.start + k);
    runs.push({ vertices, color: hexToRgb(railways[piece.railway].color), style: (v) => packVertexStyle(zoom[0], zoom[1], track.opacity[v] / 255) });
    yield;
  }
  return yield* trackRunPathSteps(track, runs);
}

/** The track's spacing and depth in metres, as the track uniforms draw them. */
const TRACK_DIMENSIONS = { spacingMetres: TRACK_SPACING_METRES, depthMetres: TRACK_DEPTH_METRES };

/**
 * Every railway in its official colour. Lines sharing a corridor run side by
 * side at a spacing that stays constant on screen (offsets applied on the
 * GPU); underground sections lie below ground and fade with the view mode.
 * Each zoom band draws its own simplified copy of the track (the track
 * unsimplified until that copy is built in idle time), and only its chunks
 * in view.
 */
export class RailwayLayer extends CompositeLayer<RailwayLayerProps> {
  static override layerName = 'RailwayLayer';
  static override defaultProps: DefaultProps<RailwayLayerProps> = {
    ...NETWORK_PROP_TYPES,
    lineWidth: 0.4,
  };

  declare state: { culler: LodCuller<LodBand, TrackStrip> | null; strip: TrackStrip | null };

  override shouldUpdateState({ changeFlags }: UpdateParameters<this>) {
    return changeFlags.somethingChanged;
  }

  override updateState({ props, oldProps }: UpdateParameters<this>) {
    if (props.network !== oldProps.network || props.lineWidth !== oldProps.lineWidth || props.track?.spacing !== oldProps.track?.spacing) {
      const { network, lineWidth, track } = props;
      this.state.culler?.dispose();
      // Each chunk's strip is built once per band (see `chunkStripAssembler`), so a turning camera only joins them.
      const assembler = () => chunkStripAssembler({ width: lineWidth, spacing: track.spacing });
      // A band shown before it is built is drawn unsimplified (cheap to make) until its level of detail is ready.
      const culler =
        network &&
        new LodCuller(TRACK_LOD_BANDS, (band) => railwayPathSteps(network, band), assembler, {
          standIn: (band) => railwayPathSteps(network, { ...band, tolerancePixels: 0 }),
          onBuilt: () => this.setNeedsUpdate(),
        });
      this.setState({ culler });
    }
    const { viewport } = this.context;
    const strip = this.state.culler?.update(viewBounds(viewport), viewport.zoom, groundArea(viewport as unknown as GroundViewport)) ?? null;
    if (strip !== this.state.strip) this.setState({ strip });
  }

  override finalizeState(context: Parameters<CompositeLayer['finalizeState']>[0]) {
    this.state.culler?.dispose();
    super.finalizeState(context);
  }

  override renderLayers() {
    const { strip } = this.state;
    if (!strip) return null;
    return new TrackLineLayer(
      this.getSubLayerProps({
        id: 'lines',
        strip,
        track: this.props.track,
        lineWidth: this.props.lineWidth,
      }),
    );
  }
}
