import { Layer, type DefaultProps, type UpdateParameters } from '@deck.gl/core';
import type { Model } from '@luma.gl/engine';
import type { TrainFrame } from '../data/trains/train-frame-format.ts';
import type { ViewArea } from '../data/trains/view-area.ts';

/** Where the layer gets its frames: the latest frame and a way to ask for the next one. */
export interface TrainFrameSource {
  /** The newest frame, or null before the first. */
  latest(): TrainFrame | null;
  /**
   * Asks for a frame at the current simulated time for this zoom, with cars
   * only for trains inside `area` (all trains when omitted); subscribers are
   * called when it is ready.
   */
  request(zoom: number, area?: ViewArea | null): void;
  /** Registers the function called when a new frame is ready; returns an unsubscribe function. */
  subscribe(onFrame: () => void): () => void;
}

/** Props shared by layers drawn from train frames. */
export interface FrameLayerProps {
  source: TrainFrameSource;
  /** Adds the layer's main-thread time (ms) to a counter, for benchmarks. */
  onScriptTime?: ((ms: number) => void) | null;
}

/** Typed-array fields of a frame that can feed an instance attribute. */
export type FrameArrayKey = {
  [K in keyof TrainFrame]: TrainFrame[K] extends Float32Array | Uint8ClampedArray ? K : never;
}[keyof TrainFrame];

/**
 * Base of the layers drawn from train frames: follows the frame source,
 * uploads each new frame's arrays as instance attributes (no copying), and
 * times its own main-thread work.
 */
export abstract class FrameLayer<P extends FrameLayerProps> extends Layer<Required<P>> {
  static override layerName = 'FrameLayer';
  static override defaultProps: DefaultProps<FrameLayerProps> = {
    source: { type: 'object', value: null as unknown as TrainFrameSource, compare: true },
    onScriptTime: null,
  };

  declare state: {
    model?: Model;
    frame: TrainFrame | null;
    numInstances: number;
    unsubscribe?: () => void;
  };

  /** Number of instances this layer draws from a frame. */
  protected abstract instanceCount(frame: TrainFrame): number;

  /**
   * An attribute updater that hands the attribute the valid part of a
   * frame's array (`size` values per instance): frames are allocated for
   * the busiest instant, and only the instances drawn are uploaded.
   */
  protected frameAttribute(key: FrameArrayKey, size: number) {
    return (attribute: { value: unknown }) => {
      const array = this.state.frame?.[key];
      attribute.value = array ? array.subarray(0, this.state.numInstances * size) : null;
    };
  }

  override initializeState() {
    this.setState({ frame: null, numInstances: 0 });
    this.subscribe();
  }

  private subscribe() {
    this.state.unsubscribe?.();
    this.state.unsubscribe = this.props.source?.subscribe(() => {
      this.setNeedsUpdate();
      this.setNeedsRedraw();
    });
  }

  override shouldUpdateState({ changeFlags }: UpdateParameters<this>) {
    return changeFlags.somethingChanged || this.props.source?.latest() !== this.state.frame;
  }

  override updateState({ props, oldProps }: UpdateParameters<this>) {
    const started = performance.now();
    if (props.source !== oldProps.source) this.subscribe();
    const frame = props.source?.latest() ?? null;
    if (frame && frame !== this.state.frame) {
      this.setState({ frame, numInstances: this.instanceCount(frame) });
      this.getAttributeManager()!.invalidateAll();
    }
    props.onScriptTime?.(performance.now() - started);
  }

  override _updateAttributes() {
    const started = performance.now();
    super._updateAttributes();
    this.props.onScriptTime?.(performance.now() - started);
  }

  override finalizeState(context: Parameters<Layer['finalizeState']>[0]) {
    this.state.unsubscribe?.();
    super.finalizeState(context);
  }
}
