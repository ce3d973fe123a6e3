import type { Network } from '../data/network.ts';
import type { TrackStyle } from './track-uniforms.ts';

/** The props every layer drawn on the railway network takes. */
export interface NetworkLayerProps {
  network: Network;
  /** Track spacing, depth and view-mode opacities. */
  track: TrackStyle;
}

/**
 * deck.gl prop types of the props every layer drawn on the railway network
 * takes: the network (compared by identity) and the track style (compared
 * one level deep).
 */
export const NETWORK_PROP_TYPES = {
  network: { type: 'object', value: null as unknown as Network, compare: true },
  track: { type: 'object', value: null as unknown as TrackStyle, compare: 1 },
} as const;
