import { project32, type DefaultProps } from '@deck.gl/core';
import { Geometry, Model } from '@luma.gl/engine';
import type { ShaderModule } from '@luma.gl/shadertools';
import { MARKER, MARKER_STRIDE, type TrainFrame } from '../data/trains/train-frame-format.ts';
import { FrameLayer, INSTANCE_BUFFER, type FrameLayerProps } from './frame-layer.ts';

/** Props of {@link DelayMarkerLayer}. */
export interface DelayMarkerLayerProps extends FrameLayerProps {
  /** RGBA of the marker. */
  color?: [number, number, number, number];
  groundOpacity?: number;
  undergroundOpacity?: number;
  /** Smallest drawn radius, pixels. */
  minPixels?: number;
}

const uniformBlock = /* glsl */ `\
uniform markerUniforms {
  vec4 color;
  float radius;
  float groundOpacity;
  float undergroundOpacity;
  float minPixels;
} marker;
`;

interface MarkerUniformProps {
  color: [number, number, number, number];
  radius: number;
  groundOpacity: number;
  undergroundOpacity: number;
  minPixels: number;
}

const markerUniforms = {
  name: 'marker',
  vs: uniformBlock,
  fs: uniformBlock,
  uniformTypes: { color: 'vec4<f32>', radius: 'f32', groundOpacity: 'f32', undergroundOpacity: 'f32', minPixels: 'f32' },
} as const satisfies ShaderModule<MarkerUniformProps>;

const vs = /* glsl */ `\
#version 300 es
#define SHADER_NAME delay-marker-layer-vertex-shader
in vec3 positions;
in vec3 instancePositions;
in vec3 instancePositions64Low;
in float instanceUnderground;
out vec4 vColor;
out float vShade;

void main(void) {
  geometry.worldPosition = instancePositions;
  float pixels = project_size_to_pixel(marker.radius);
  float radius = marker.radius * max(1.0, marker.minPixels / max(pixels, 1e-6));
  vec3 offset = project_size(positions * radius);
  gl_Position = project_position_to_clipspace(instancePositions, instancePositions64Low, offset, geometry.position);
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);
  vShade = 0.7 + 0.3 * max(dot(positions, normalize(vec3(-0.35, 0.55, 0.76))), 0.0);
  float opacity = mix(marker.groundOpacity, marker.undergroundOpacity, instanceUnderground);
  vColor = vec4(marker.color.rgb, marker.color.a * opacity * layer.opacity);
  DECKGL_FILTER_COLOR(vColor, geometry);
}
`;

const fs = /* glsl */ `\
#version 300 es
#define SHADER_NAME delay-marker-layer-fragment-shader
precision highp float;
in vec4 vColor;
in float vShade;
out vec4 fragColor;
void main(void) {
  fragColor = vec4(vColor.rgb * vShade, vColor.a);
  DECKGL_FILTER_COLOR(fragColor, geometry);
}
`;

/** A unit sphere as a triangle list (positions double as normals). */
function sphere(rings = 8, segments = 14): Float32Array {
  const point = (r: number, s: number) => {
    const theta = (r / rings) * Math.PI;
    const phi = (s / segments) * 2 * Math.PI;
    return [Math.sin(theta) * Math.cos(phi), Math.sin(theta) * Math.sin(phi), Math.cos(theta)];
  };
  const out: number[] = [];
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < segments; s++) {
      const [a, b, c, d] = [point(r, s), point(r + 1, s), point(r + 1, s + 1), point(r, s + 1)];
      out.push(...a, ...b, ...c, ...a, ...c, ...d);
    }
  }
  return Float32Array.from(out);
}

/**
 * An orange sphere above each train that runs a minute or more late
 * (the frame lists them only in real-time clock mode).
 */
export class DelayMarkerLayer extends FrameLayer<DelayMarkerLayerProps> {
  static override layerName = 'DelayMarkerLayer';
  static override defaultProps: DefaultProps<DelayMarkerLayerProps> = {
    ...FrameLayer.defaultProps,
    color: [255, 149, 0, 235],
    groundOpacity: 1,
    undergroundOpacity: 0.3,
    minPixels: 5,
  };

  override getShaders() {
    return super.getShaders({ vs, fs, modules: [project32, markerUniforms] });
  }

  protected readonly instanceStride = MARKER_STRIDE;

  protected instanceCount(frame: TrainFrame): number {
    return frame.markerCount;
  }

  protected instanceBytes(frame: TrainFrame): Uint8Array {
    return frame.markerBytes;
  }

  override initializeState() {
    super.initializeState();
    this.setState({
      model: new Model(this.context.device, {
        ...this.getShaders(),
        id: this.props.id,
        bufferLayout: [
          {
            name: INSTANCE_BUFFER,
            stepMode: 'instance',
            byteStride: MARKER_STRIDE,
            attributes: [
              { attribute: 'instancePositions', format: 'float32x3', byteOffset: MARKER.high * 4 },
              { attribute: 'instancePositions64Low', format: 'float32x3', byteOffset: MARKER.low * 4 },
              { attribute: 'instanceUnderground', format: 'unorm8', byteOffset: MARKER.flagsByte },
            ],
          },
        ],
        geometry: new Geometry({ topology: 'triangle-list', attributes: { positions: { size: 3, value: sphere() } } }),
        isInstanced: true,
      }),
    });
  }

  override draw() {
    const { frame, model } = this.state;
    if (!frame || !model || frame.markerCount === 0 || !this.state.instances) return;
    const { color, groundOpacity, undergroundOpacity, minPixels } = this.props;
    model.shaderInputs.setProps({
      marker: { color: color.map((c) => c / 255) as MarkerUniformProps['color'], radius: frame.carSize[1] * 0.75, groundOpacity, undergroundOpacity, minPixels },
    });
    model.setInstanceCount(frame.markerCount);
    model.draw(this.context.renderPass);
  }
}
