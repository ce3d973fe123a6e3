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
import type { ShaderModule } from '@luma.gl/shadertools';
import { AIRCRAFT, AIRCRAFT_STRIDE, type AircraftFrame, type AircraftSource } from '../data/flights/aircraft-frame.ts';
import { buildAircraftMesh, type AircraftMesh } from './aircraft-mesh.ts';

export type { AircraftFrame, AircraftSource } from '../data/flights/aircraft-frame.ts';
import { DEFAULT_TRAIN_LIGHTING, type TrainLighting } from '../data/light/train-lighting.ts';

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

const uniformBlock = /* glsl */ `\
uniform aircraftUniforms {
  float opacity;
  float minPixels;
  float length;
  vec3 ambient;
  vec3 sunColor;
  vec3 toSun;
  vec3 skyColor;
  vec3 toSky;
  float glow;
} aircraft;
`;

interface AircraftUniformProps {
  opacity: number;
  minPixels: number;
  length: number;
  ambient: [number, number, number];
  sunColor: [number, number, number];
  toSun: [number, number, number];
  skyColor: [number, number, number];
  toSky: [number, number, number];
  glow: number;
}

const aircraftUniforms = {
  name: 'aircraft',
  vs: uniformBlock,
  fs: uniformBlock,
  uniformTypes: { opacity: 'f32', minPixels: 'f32', length: 'f32', ambient: 'vec3<f32>', sunColor: 'vec3<f32>', toSun: 'vec3<f32>', skyColor: 'vec3<f32>', toSky: 'vec3<f32>', glow: 'f32' },
} as const satisfies ShaderModule<AircraftUniformProps>;

const vs = /* glsl */ `\
#version 300 es
#define SHADER_NAME aircraft-layer-vertex-shader
in vec3 positions;
in vec3 normals;
in float parts;
in vec3 instancePositions;
in vec3 instancePositions64Low;
in vec3 instanceAttitudes;
in vec4 instanceBodyColors;
in vec4 instanceTailColors;
in vec4 instanceFlags;
out vec4 vColor;
out vec3 vShade;

// Local (x right wing, y nose, z up) to map (x east, y north, z up): bank about y, pitch about x, then heading.
vec3 orient(vec3 v, vec3 attitude) {
  float ch = cos(attitude.x), sh = sin(attitude.x);
  float cp = cos(attitude.y), sp = sin(attitude.y);
  float cb = cos(attitude.z), sb = sin(attitude.z);
  v = vec3(v.x * cb + v.z * sb, v.y, -v.x * sb + v.z * cb);
  v = vec3(v.x, v.y * cp - v.z * sp, v.y * sp + v.z * cp);
  return vec3(v.x * ch + v.y * sh, -v.x * sh + v.y * ch, v.z);
}

void main(void) {
  geometry.worldPosition = instancePositions;
  geometry.pickingColor = picking_getPickingColorFromIndex(float(gl_InstanceID));
  // Keep aircraft visible when zoomed out: enlarge below a minimum on-screen length.
  float lengthPixels = project_size_to_pixel(aircraft.length);
  float grow = max(1.0, aircraft.minPixels / max(lengthPixels, 1e-6));
  vec3 p = orient(positions * grow, instanceAttitudes);
  vec3 n = orient(normals, instanceAttitudes);
  gl_Position = project_position_to_clipspace(instancePositions, instancePositions64Low, project_size(p), geometry.position);
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);

  vShade = aircraft.ambient + aircraft.sunColor * max(dot(n, aircraft.toSun), 0.0) + aircraft.skyColor * max(dot(n, aircraft.toSky), 0.0) + vec3(0.35 * aircraft.glow);
  vec3 rgb = parts < 0.5 ? instanceBodyColors.rgb : parts < 1.5 ? instanceTailColors.rgb : vec3(0.12, 0.14, 0.18);
  // The selected aircraft glows slightly.
  rgb = mix(rgb, vec3(1.0, 0.57, 0.0), instanceFlags.x * 0.25);
  vColor = vec4(rgb, aircraft.opacity * layer.opacity);
  DECKGL_FILTER_COLOR(vColor, geometry);
}
`;

const fs = /* glsl */ `\
#version 300 es
#define SHADER_NAME aircraft-layer-fragment-shader
precision highp float;
in vec4 vColor;
in vec3 vShade;
out vec4 fragColor;
void main(void) {
  fragColor = vec4(vColor.rgb * vShade, vColor.a);
  DECKGL_FILTER_COLOR(fragColor, geometry);
}
`;

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
    return super.getShaders({ vs, fs, modules: [project32, picking, aircraftUniforms] });
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
          {
            name: INSTANCE_BUFFER,
            stepMode: 'instance',
            byteStride: AIRCRAFT_STRIDE,
            attributes: [
              { attribute: 'instancePositions', format: 'float32x3', byteOffset: AIRCRAFT.high * 4 },
              { attribute: 'instancePositions64Low', format: 'float32x3', byteOffset: AIRCRAFT.low * 4 },
              { attribute: 'instanceAttitudes', format: 'float32x3', byteOffset: AIRCRAFT.heading * 4 },
              { attribute: 'instanceBodyColors', format: 'unorm8x4', byteOffset: AIRCRAFT.body * 4 },
              { attribute: 'instanceTailColors', format: 'unorm8x4', byteOffset: AIRCRAFT.tail * 4 },
              { attribute: 'instanceFlags', format: 'unorm8x4', byteOffset: AIRCRAFT.flags * 4 },
            ],
          },
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
        const { ambient, sun: sunColor, toSun, sky: skyColor, toSky, glow } = lighting;
        model.shaderInputs.setProps({ aircraft: { opacity: groundOpacity, minPixels, length: sharedMesh!.length, ambient, sunColor, toSun, skyColor, toSky, glow } });
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
