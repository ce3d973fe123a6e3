/**
 * The airplanes: one 3D aircraft (see `aircraft-mesh.ts`) per flight on the
 * map, in its airline's fuselage and tail colours, placed and oriented
 * (heading, pitch, bank) by the flight motion model.
 *
 * The layer asks its {@link AircraftSource} for the aircraft of the current
 * instant on each draw (not on picking passes), uploads them in one buffer
 * write when they changed and draws them in one instanced call (its uniforms
 * set only when the light or the view mode changes); then it asks the source to
 * call back for the next frame, so the aircraft keep moving while nothing
 * else redraws the canvas. Its main-thread work is timed (`onScriptTime`).
 *
 * @module
 */
import { Layer, picking, project32, type DefaultProps, type GetPickingInfoParams, type PickingInfo, type UpdateParameters } from '@deck.gl/core';
import { Buffer } from '@luma.gl/core';
import { Geometry, Model } from '@luma.gl/engine';
import { AIRCRAFT, AIRCRAFT_STRIDE, type AircraftFrame, type AircraftSource } from '../data/flights/aircraft-frame.ts';
import { DEFAULT_TRAIN_LIGHTING, type TrainLighting } from '../data/light/train-lighting.ts';
import { aircraftUniforms, fs, vs } from './aircraft-layer-shaders.ts';
import { buildAircraftMesh, type AircraftMesh } from './aircraft-mesh.ts';
import { sunLighting } from './shaders/sun-lighting.ts';
import { interleavedLayout, positionAttributes } from './buffer-layouts.ts';

export type { AircraftFrame, AircraftSource } from '../data/flights/aircraft-frame.ts';

/** Props of {@link AircraftLayer}. */
export interface AircraftLayerProps {
  source: AircraftSource;
  /** Opacity multiplier (aircraft are above the ground: dimmed in the underground view like ground trains). */
  groundOpacity?: number;
  /** Smallest drawn length in pixels: aircraft grow when zoomed out so they stay visible. */
  minPixels?: number;
  lighting?: TrainLighting;
  onScriptTime?: ((ms: number) => void) | null;
  /** Called for each frame computed (not picking passes), with the number of aircraft. */
  onFrame?: ((aircraft: number) => void) | null;
}

/** What a picked aircraft resolves to. */
export interface AircraftPickingInfo extends PickingInfo {
  /** The picked flight's key (`arrival:{id}` or `departure:{id}`), or null. */
  flight: string | null;
}

const INSTANCE_BUFFER = 'instances';

let sharedMesh: AircraftMesh | null = null;

/** See the module description. */
export class AircraftLayer extends Layer<Required<AircraftLayerProps>> {
  static override layerName = 'AircraftLayer';
  static override defaultProps: DefaultProps<AircraftLayerProps> = {
    source: { type: 'object', value: null as unknown as AircraftSource, compare: true },
    groundOpacity: 1,
    minPixels: 26,
    lighting: { type: 'object', value: DEFAULT_TRAIN_LIGHTING, compare: true },
    onScriptTime: null,
    onFrame: null,
  };

  declare state: {
    model?: Model;
    instances?: Buffer;
    frame: AircraftFrame | null;
    unsubscribe?: () => void;
    /** The lighting, opacity and minimum size last set as uniforms. */
    uniformsOf?: TrainLighting;
    uniformOpacity?: number;
    uniformMinPixels?: number;
  };

  override getShaders() {
    return super.getShaders({ vs, fs, modules: [project32, picking, sunLighting, aircraftUniforms] });
  }

  override initializeState() {
    sharedMesh ??= buildAircraftMesh();
    const mesh = sharedMesh;
    this.setState({
      frame: null,
      model: new Model(this.context.device, {
        ...this.getShaders(),
        id: this.props.id,
        bufferLayout: [
          { name: 'positions', format: 'float32x3' },
          { name: 'normals', format: 'float32x3' },
          { name: 'parts', format: 'float32' },
          interleavedLayout(
            INSTANCE_BUFFER,
            AIRCRAFT_STRIDE,
            {
              ...positionAttributes('instancePositions', AIRCRAFT),
              instanceAttitudes: ['float32x3', AIRCRAFT.heading * 4],
              instanceBodyColors: ['unorm8x4', AIRCRAFT.body * 4],
              instanceTailColors: ['unorm8x4', AIRCRAFT.tail * 4],
              instanceFlags: ['unorm8x4', AIRCRAFT.flags * 4],
            },
            'instance',
          ),
        ],
        geometry: new Geometry({
          topology: 'triangle-list',
          attributes: {
            positions: { size: 3, value: mesh.positions },
            normals: { size: 3, value: mesh.normals },
            parts: { size: 1, value: mesh.parts },
          },
        }),
        isInstanced: true,
        instanceCount: 0,
      }),
    });
    this.subscribe();
  }

  private subscribe() {
    this.state.unsubscribe?.();
    this.state.unsubscribe = this.props.source?.subscribe(() => this.setNeedsRedraw());
  }

  override updateState({ props, oldProps }: UpdateParameters<this>) {
    if (props.source !== oldProps.source) this.subscribe();
  }

  override draw({ shaderModuleProps }: { shaderModuleProps?: { picking?: { isActive?: boolean | number } } }) {
    const started = performance.now();
    const { model } = this.state;
    const { source, groundOpacity, minPixels, lighting } = this.props;
    // A picking pass draws what the last frame drew, so the index it reads names the aircraft that was seen.
    if (!shaderModuleProps?.picking?.isActive && source) {
      const frame = source.frame();
      this.state.frame = frame;
      // Uploaded only when an aircraft moved or the flights changed (lined-up aircraft stand still).
      if (frame.count > 0 && (frame.changed || !this.state.instances)) this.upload(frame);
      source.drawn();
      source.request();
      this.props.onFrame?.(frame.count);
    }
    const frame = this.state.frame;
    if (model && frame && frame.count > 0 && this.state.instances) {
      // Uniforms are set when they change (the view mode, the light), not every frame.
      if (this.state.uniformsOf !== lighting || this.state.uniformOpacity !== groundOpacity || this.state.uniformMinPixels !== minPixels) {
        model.shaderInputs.setProps({ aircraft: { opacity: groundOpacity, minPixels, length: sharedMesh!.length }, sunLighting: lighting });
        this.state.uniformsOf = lighting;
        this.state.uniformOpacity = groundOpacity;
        this.state.uniformMinPixels = minPixels;
      }
      model.setInstanceCount(frame.count);
      model.draw(this.context.renderPass);
    }
    this.props.onScriptTime?.(performance.now() - started);
  }

  override getPickingInfo({ info }: GetPickingInfoParams): AircraftPickingInfo {
    const frame = this.state.frame;
    const flight = frame && info.index >= 0 && info.index < frame.count ? (frame.ids[info.index] ?? null) : null;
    return { ...info, flight, object: flight !== null ? { flight } : null };
  }

  private upload(frame: AircraftFrame) {
    const bytes = new Uint8Array(frame.floats.buffer, frame.floats.byteOffset, frame.count * AIRCRAFT_STRIDE);
    let buffer = this.state.instances;
    if (!buffer || buffer.byteLength < bytes.byteLength) {
      buffer?.destroy();
      buffer = this.context.device.createBuffer({ id: `${this.props.id}-instances`, byteLength: Math.max(bytes.byteLength, frame.floats.byteLength), usage: Buffer.VERTEX | Buffer.COPY_DST });
      this.state.instances = buffer;
      this.state.model?.setAttributes({ [INSTANCE_BUFFER]: buffer });
    }
    buffer.write(bytes);
  }

  override finalizeState(context: Parameters<Layer['finalizeState']>[0]) {
    this.state.unsubscribe?.();
    this.state.instances?.destroy();
    this.state.model?.destroy();
    super.finalizeState(context);
  }
}
