import { CompositeLayer, type DefaultProps, type UpdateParameters } from '@deck.gl/core';
import { ScatterplotLayer } from '@deck.gl/layers';
import type { Network } from '../data/network.ts';
import type { Journey } from '../data/routing/journey.ts';
import { legTrackVertices, stationPoint } from '../data/routing/journey-track.ts';
import { hexToRgb } from './colors.ts';
import type { BinaryPaths } from '../data/geometry/path-culling.ts';
import { TrackLineLayer } from './track-line-layer.ts';
import { trackRunPathSteps } from './track-paths.ts';
import { finishSteps } from '../data/work-steps.ts';
import { packVertexStyle } from '../data/geometry/vertex-style.ts';
import { NETWORK_PROP_TYPES, type NetworkLayerProps } from './network-props.ts';

/** Props of {@link JourneyLayer}. */
export interface JourneyLayerProps extends NetworkLayerProps {
  journey: Journey | null;
  /** Line width as a fraction of the track spacing (wider than the railways' so it stands out). */
  lineWidth?: number;
  /** Fill and outline of the boarding and alighting stations. */
  stationFill?: [number, number, number, number];
  stationOutline?: [number, number, number, number];
}

/** Binary paths of a journey's legs, each on its railway's lane and in its colour, at every zoom. */
export function buildJourneyPaths(network: Network, journey: Journey): BinaryPaths {
  const style = () => packVertexStyle(0, 24, 1);
  const runs = journey.legs.map((leg) => ({ vertices: legTrackVertices(network, leg), color: hexToRgb(network.meta.railways[leg.railway]?.color ?? '#888888'), style }));
  return finishSteps(trackRunPathSteps(network.track, runs.filter((run) => run.vertices.length > 1)));
}

/**
 * A route search journey on the map: each leg along its line's own track
 * lane in the line's colour (drawn over the dimmed network), with rings at
 * the stations where the person boards and alights.
 */
export class JourneyLayer extends CompositeLayer<JourneyLayerProps> {
  static override layerName = 'JourneyLayer';
  static override defaultProps: DefaultProps<JourneyLayerProps> = {
    ...NETWORK_PROP_TYPES,
    journey: { type: 'object', value: null, compare: true },
    lineWidth: 0.9,
    stationFill: { type: 'color', value: [255, 255, 255, 255] },
    stationOutline: { type: 'color', value: [40, 40, 40, 255] },
  };

  declare state: { paths: BinaryPaths | null; stops: Array<{ position: [number, number] }> };

  override updateState({ props, oldProps }: UpdateParameters<this>) {
    if (props.journey === oldProps.journey && props.network === oldProps.network) return;
    const { network, journey } = props;
    if (!network || !journey) return this.setState({ paths: null, stops: [] });
    const ends = journey.legs.flatMap((leg) => [leg.from, leg.to]);
    const stops = [...new Set(ends)].map((s) => stationPoint(network, s)).filter((p): p is [number, number] => p !== null).map((position) => ({ position }));
    this.setState({ paths: buildJourneyPaths(network, journey), stops });
  }

  override renderLayers() {
    const { paths, stops } = this.state;
    if (!paths) return null;
    return [
      new TrackLineLayer(this.getSubLayerProps({ id: 'legs', paths, track: this.props.track, lineWidth: this.props.lineWidth })),
      new ScatterplotLayer<{ position: [number, number] }>(
        this.getSubLayerProps({
          id: 'ends',
          data: stops,
          getPosition: (d: { position: [number, number] }) => d.position,
          radiusUnits: 'pixels',
          getRadius: 6,
          stroked: true,
          lineWidthUnits: 'pixels',
          getLineWidth: 2.5,
          getFillColor: this.props.stationFill,
          getLineColor: this.props.stationOutline,
        }),
      ),
    ];
  }
}
