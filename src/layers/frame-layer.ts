import { Layer, type DefaultProps, type UpdateParameters } from '@deck.gl/core';
import { Buffer } from '@luma.gl/core';
import type { Model } from '@luma.gl/engine';
import { CAR_STRIDE, MARKER_STRIDE, type TrainFrame } from '../data/trains/train-frame-format.ts';
import type { ViewArea, ViewDepth } from '../data/geometry/view-area.ts';

/** Where the layer gets its frames: the latest frame and a way to ask for the next one. */
export interface TrainFrameSource {
  /** The newest frame, or null before the first. */
  latest(): TrainFrame | null;
  /**
   * Asks for a frame at the current simulated time for this zoom, with cars
   * only for trains inside `area` (all trains when omitted), grouped into
   * boxes of several cars where `depth` says they are drawn small; subscribers
   * are called when it is ready.
   */
  request(zoom: number, area?: ViewArea | null, depth?: ViewDepth | null): void;
  /** Registers the function called when a new frame is ready; returns an unsubscribe function. */
  subscribe(onFrame: () => void): () => void;
}

/** Props shared by layers drawn from train frames. */
export interface FrameLayerProps {
  source: TrainFrameSource;
  /** Opacity multipliers of what is drawn on the ground and underground (they change with the view mode). */
  groundOpacity?: number;
  undergroundOpacity?: number;
  /** Adds the layer's main-thread time (ms) to a counter, for benchmarks. */
  onScriptTime?: ((ms: number) => void) | null;
}

/** Where a layer's instances lie in a frame. */
export interface FrameInstances {
  /** Bytes per instance. */
  stride: number;
  /** Number of instances in the frame. */
  count(frame: TrainFrame): number;
  /** The frame's interleaved instance memory (sized for the frame's capacity). */
  bytes(frame: TrainFrame): Uint8Array;
}

/** The frame's cars (boxes of the train layer). */
export const CAR_INSTANCES: FrameInstances = { stride: CAR_STRIDE, count: (frame) => frame.carCount, bytes: (frame) => frame.carBytes };
/** The frame's delay markers. */
export const MARKER_INSTANCES: FrameInstances = { stride: MARKER_STRIDE, count: (frame) => frame.markerCount, bytes: (frame) => frame.markerBytes };

/** While frames have nothing to draw, the next one is asked for (without drawing) this long after the last, ms. */
const EMPTY_FRAME_INTERVAL_MS = 500;

/** Name of the instance buffer in the layers' buffer layouts. */
export const INSTANCE_BUFFER = 'instances';

/**
 * Base of the layers drawn from train frames. A frame holds its instances
 * interleaved in one region of memory (see `train-frame-format.ts`); the
 * layer keeps one GPU buffer with the same layout and uploads the part in
 * use with a single write per frame, bypassing deck.gl's attribute manager
 * (which would update one attribute at a time). It also times its own
 * main-thread work.
 */
export abstract class FrameLayer<P extends FrameLayerProps> extends Layer<Required<P>> {
  static override layerName = 'FrameLayer';
  static override defaultProps: DefaultProps<FrameLayerProps> = {
    source: { type: 'object', value: null as unknown as TrainFrameSource, compare: true },
    groundOpacity: 1,
    undergroundOpacity: 0.3,
    onScriptTime: null,
  };

  declare state: {
    model?: Model;
    instances?: Buffer;
    frame: TrainFrame | null;
    numInstances: number;
    unsubscribe?: () => void;
    /** Pending redraw while there is nothing to draw (see `subscribe`). */
    idleTimer?: ReturnType<typeof setTimeout> | null;
  };

  /** The instances this layer draws from a frame. */
  protected abstract readonly instancesInFrame: FrameInstances;

  override initializeState() {
    this.setState({ frame: null, numInstances: 0 });
    this.subscribe();
  }

  private subscribe() {
    this.state.unsubscribe?.();
    this.state.unsubscribe = this.props.source?.subscribe(() => {
      const next = this.props.source?.latest();
      // Nothing drawn and nothing to draw (no train in view, e.g. over another city): the canvas is not redrawn;
      // the next frame is asked for a little later without drawing (trains entering the view still appear, and any
      // camera move redraws at once). A redraw makes Chromium's compositor redo the page, which under software WebGL
      // holds the GPU process for 50 ms and more and makes any synchronous WebGL call wait.
      if (this.state.numInstances === 0 && next && this.instancesInFrame.count(next) === 0) this.askLater();
      else this.redrawNow();
    });
  }

  private redrawNow() {
    this.setNeedsUpdate();
    this.setNeedsRedraw();
  }

  private askLater() {
    if (this.state.idleTimer) return;
    this.state.idleTimer = setTimeout(() => {
      this.state.idleTimer = null;
      if (this.internalState) this.askForNextFrame();
    }, EMPTY_FRAME_INTERVAL_MS);
  }

  /**
   * Asks the source for the next frame without drawing, while there is nothing to draw. The layer that asks for
   * frames when it draws (the trains') does it here too; the others leave it to that one.
   */
  protected askForNextFrame(): void {}

  override shouldUpdateState({ changeFlags }: UpdateParameters<this>) {
    return changeFlags.somethingChanged || this.props.source?.latest() !== this.state.frame;
  }

  override updateState({ props, oldProps }: UpdateParameters<this>) {
    const started = performance.now();
    if (props.source !== oldProps.source) this.subscribe();
    const frame = props.source?.latest() ?? null;
    if (frame && frame !== this.state.frame) {
      const numInstances = this.instancesInFrame.count(frame);
      this.setState({ frame, numInstances });
      if (numInstances > 0) this.upload(frame, numInstances);
    }
    props.onScriptTime?.(performance.now() - started);
  }

  /** Hands the frame's instances to the GPU (one buffer write; a layer may keep them elsewhere, e.g. in a texture). */
  protected upload(frame: TrainFrame, numInstances: number) {
    const bytes = this.instancesInFrame.bytes(frame);
    let buffer = this.state.instances;
    if (!buffer || buffer.byteLength < bytes.byteLength) {
      buffer?.destroy();
      buffer = this.context.device.createBuffer({ id: `${this.props.id}-instances`, byteLength: bytes.byteLength, usage: Buffer.VERTEX | Buffer.COPY_DST });
      this.state.instances = buffer;
      this.state.model?.setAttributes({ [INSTANCE_BUFFER]: buffer });
    }
    buffer.write(bytes.subarray(0, numInstances * this.instancesInFrame.stride));
  }

  override finalizeState(context: Parameters<Layer['finalizeState']>[0]) {
    this.state.unsubscribe?.();
    if (this.state.idleTimer) clearTimeout(this.state.idleTimer);
    this.state.instances?.destroy();
    super.finalizeState(context);
  }
}
