import { Layer, project32, type DefaultProps, type UpdateParameters } from '@deck.gl/core';
import { Buffer } from '@luma.gl/core';
import { Model } from '@luma.gl/engine';
import { unitColor } from './colors.ts';
import type { BinaryPaths } from '../data/geometry/path-culling.ts';
import { buildTrackStrip, STRIP_STRIDE, STRIP_VERTEX, type TrackStrip } from '../data/geometry/track-strips.ts';
import { trackUniforms, type TrackStyle } from './track-uniforms.ts';

/** GLSL: `track_unpack_style(packed)` → vec3(minZoom, maxZoom, opacity). */
const UNPACK_VERTEX_STYLE_GLSL = /* glsl */ `\
vec3 track_unpack_style(float packed) {
  float code = floor(packed + 0.5);
  return vec3(mod(code, 32.0), mod(floor(code / 32.0), 32.0), floor(code / 1024.0) / 255.0);
}
`;

/** Props of {@link TrackLineLayer}. */
export interface TrackLineLayerProps {
  /** Binary paths: `getPath` (lng, lat, altitude), `getTrackOffset` (vx, vy, vz, packed style), `getColor` (RGBA bytes). */
  paths: BinaryPaths | null;
  /** A strip built beforehand (e.g. in a worker, see `buildTrackStrip`); drawn instead of `paths` when given. */
  strip: Pick<TrackStrip, 'bytes' | 'vertexCount'> | null;
  /** Track spacing, depth and view-mode opacities. */
  track: TrackStyle;
  /**
   * Line width in track-spacing units, for paths without `getWidth` (it scales with the offsets; never thinner
   * than `track.minWidthPixels`).
   */
  lineWidth: number;
  /** Colour (RGBA 0–255) of paths without `getColor`. */
  color: readonly number[];
  /**
   * Moves the lines towards the camera along the line of sight (so they stay where they are on screen) by this share
   * of an underground level: enough to win the depth test against other track layers at the same place, far less
   * than the distance between levels. 0 by default.
   */
  depthBias: number;
  /**
   * Colour (RGBA 0–255) of an outline drawn around the lines in the same pass, as wide as the paths'
   * `getOutlineWidth` (their whole width with it); null (the default): no outline. The layer is then drawn as an
   * outline pass and a fill pass over it would be, for lines that do not overlap each other.
   */
  outlineColor: readonly number[] | null;
}

const vs = /* glsl */ `\
#version 300 es
#define SHADER_NAME track-line-layer-vertex-shader

in vec3 positions;
in vec3 positions64Low;
in vec4 trackOffsets;
in vec4 segmentsIn;
in vec4 segmentsOut;
in vec4 ends;
in vec4 colors;

out vec4 vColor;
out float vAcross;
out float vEdge;
out float vAlong;
out float vHalfLength;
#ifdef TRACK_OUTLINE
out float vOuterEdge;
out vec4 vOutlineColor;
#endif

${UNPACK_VERTEX_STYLE_GLSL}
// A segment as drawn at offset scale s (common units): base part plus the offsets' change.
vec2 track_segment(vec4 segment, float s) {
  return segment.xy + segment.zw * track.spacing * s;
}
vec2 track_direction(vec4 segment, float s) {
  vec2 d = track_segment(segment, s);
  float len = length(d);
  return len > 0.0 ? d / len : vec2(0.0);
}

void main(void) {
  float s = track_scale();
  vec2 dirIn = track_direction(segmentsIn, s);
  vec2 dirOut = track_direction(segmentsOut, s);
  if (dirIn == vec2(0.0)) dirIn = dirOut;
  if (dirOut == vec2(0.0)) dirOut = dirIn;
  if (dirIn == vec2(0.0)) dirIn = dirOut = vec2(1.0, 0.0);
  vec2 normalIn = vec2(-dirIn.y, dirIn.x);
  vec2 miter = normalIn + vec2(-dirOut.y, dirOut.x);
  float miterLength = length(miter);
  miter = miterLength > 1e-6 ? miter / miterLength : normalIn;
  // Miter joints, limited to twice the width at sharp corners.
  float miterScale = 1.0 / max(dot(miter, normalIn), 0.5);

  float minHalfWidth = project_pixel_size(track.minWidthPixels * 0.5);
  float halfWidth = max(0.5 * ends.z * track.spacing * s, minHalfWidth);
  float outerHalfWidth = ends.w > 0.0 ? max(0.5 * ends.w * track.spacing * s, minHalfWidth) : halfWidth;
  // One pixel more on each side leaves room for the antialiased edge.
  float extrude = max(halfWidth, outerHalfWidth) + project_pixel_size(1.0);
  float side = sign(ends.x);
  float cap = ends.y;
  vec3 position = project_position(positions, positions64Low) + track_offset(trackOffsets.xyz);
  position.xy += miter * (side * extrude * miterScale) + dirOut * (cap * extrude);
  if (track.depthBias > 0.0) {
    position += normalize(project.cameraPosition - position) * (track.depthBias * track.depth * s * project.commonUnitsPerMeter.z);
  }
  geometry.position = vec4(position, 1.0);
  gl_Position = project_common_position_to_clipspace(vec4(position, 1.0));
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);

  // A one-segment run is one quad from cap to cap: the distance along it counts from its middle, and only what lies
  // beyond half its length from there is in a round end.
  float halfLength = abs(ends.x) > 1.5 ? 0.5 * length(track_segment(segmentsOut, s)) : 0.0;
  vAcross = side * (extrude * project.scale);
  vAlong = cap * ((extrude + halfLength) * project.scale);
  vHalfLength = halfLength * project.scale;
  vEdge = halfWidth * project.scale;
  vec3 style = track_unpack_style(trackOffsets.w);
  float opacity = style.z * track_view_opacity(trackOffsets.z) * layer.opacity;
  vColor = vec4(colors.rgb, colors.a * opacity);
#ifdef TRACK_OUTLINE
  vOuterEdge = outerHalfWidth * project.scale;
  vOutlineColor = vec4(track.outlineColor.rgb, track.outlineColor.a * opacity);
#endif
  if (track.zoom < style.x || track.zoom >= style.y || vColor.a <= 0.0) {
    gl_Position = vec4(0.0, 0.0, 2.0, 1.0);
  }
  DECKGL_FILTER_COLOR(vColor, geometry);
}
`;

const fs = /* glsl */ `\
#version 300 es
#define SHADER_NAME track-line-layer-fragment-shader
precision highp float;

in vec4 vColor;
in float vAcross;
in float vEdge;
in float vAlong;
in float vHalfLength;
#ifdef TRACK_OUTLINE
in float vOuterEdge;
in vec4 vOutlineColor;
#endif
out vec4 fragColor;

void main(void) {
  // Distance from the line's centre (or, in the caps beyond its ends, from the end point: round ends).
  float distance = length(vec2(vAcross, max(abs(vAlong) - vHalfLength, 0.0)));
  // Antialiased edge: coverage of the pixel by the line, from the distance to its edge in screen pixels.
  float pixel = max(fwidth(distance), 1e-3);
  float coverage = clamp((vEdge - distance) / pixel + 0.5, 0.0, 1.0);
#ifdef TRACK_OUTLINE
  // The line over its outline, blended as a fill pass drawn over an outline pass would be.
  float outline = vOutlineColor.a * clamp((vOuterEdge - distance) / pixel + 0.5, 0.0, 1.0);
  float fill = vColor.a * coverage;
  float alpha = fill + (1.0 - fill) * outline;
  if (alpha <= 0.0) discard;
  fragColor = vec4((vColor.rgb * fill + vOutlineColor.rgb * ((1.0 - fill) * outline)) / alpha, alpha);
#else
  if (coverage <= 0.0) discard;
  fragColor = vec4(vColor.rgb, vColor.a * coverage);
#endif
  DECKGL_FILTER_COLOR(fragColor, geometry);
}
`;

const NO_OUTLINE: [number, number, number, number] = [0, 0, 0, 0];

/** The outline colour as the shader takes it (0–1), or none. */
const outlineUniform = (color: readonly number[] | null) => (color ? unitColor(color) : NO_OUTLINE);

/** Name of the vertex buffer in the model's buffer layout. */
export const VERTEX_BUFFER = 'vertices';

/**
 * Track lines, drawn as one triangle strip (see `track-strips.ts`): the
 * railways' counterpart of a PathLayer, built for drawing tens of thousands
 * of segments per frame under software WebGL. Every vertex is placed at
 * `B + V·s` like the other track layers (`track-uniforms.ts`); widths scale
 * like the offsets; joints are mitred, ends round, edges antialiased in the
 * fragment shader (the canvas has no multisampling); the zoom range and
 * opacity packed in each vertex's style (`vertex-style.ts`) hide it.
 */
export class TrackLineLayer extends Layer<Required<TrackLineLayerProps>> {
  static override layerName = 'TrackLineLayer';
  static override defaultProps: DefaultProps<TrackLineLayerProps> = {
    paths: { type: 'object', value: null, compare: true },
    strip: { type: 'object', value: null, compare: true },
    track: { type: 'object', value: null as unknown as TrackStyle, compare: 1 },
    lineWidth: 0.4,
    color: { type: 'color', value: [0, 0, 0, 255] },
    depthBias: 0,
    outlineColor: { type: 'object', value: null, compare: true },
  };

  declare state: { model?: Model; vertices?: Buffer; vertexCount: number; outlined: boolean; outlineColor: [number, number, number, number] };

  override getShaders() {
    return super.getShaders({ vs, fs, modules: [project32, trackUniforms], defines: this.props.outlineColor ? { TRACK_OUTLINE: 1 } : {} });
  }

  override initializeState() {
    this.setState({ model: this.createModel(), vertexCount: 0, outlined: Boolean(this.props.outlineColor), outlineColor: outlineUniform(this.props.outlineColor) });
  }

  override shouldUpdateState({ changeFlags }: UpdateParameters<this>) {
    return changeFlags.somethingChanged;
  }

  override updateState({ props, oldProps }: UpdateParameters<this>) {
    if (props.outlineColor !== oldProps.outlineColor) this.setState({ outlineColor: outlineUniform(props.outlineColor) });
    const outlined = Boolean(props.outlineColor);
    if (outlined !== this.state.outlined) {
      // Drawing the outline is a shader variant (TRACK_OUTLINE): a new model, on the same vertices.
      this.state.model?.destroy();
      const model = this.createModel();
      if (this.state.vertices) model.setAttributes({ [VERTEX_BUFFER]: this.state.vertices });
      this.setState({ model, outlined });
    }
    if (props.strip !== oldProps.strip) {
      if (!props.strip && !props.paths) this.setState({ vertexCount: 0 });
    } else if (props.paths === oldProps.paths && props.lineWidth === oldProps.lineWidth && props.color === oldProps.color && props.track?.spacing === oldProps.track?.spacing) return;
    const strip = props.strip ?? (props.paths ? buildTrackStrip(props.paths, { width: props.lineWidth, color: props.color, spacing: props.track.spacing }) : null);
    if (!strip || strip.vertexCount === 0) {
      this.setState({ vertexCount: 0 });
      return;
    }
    let buffer = this.state.vertices;
    if (!buffer || buffer.byteLength < strip.bytes.byteLength) {
      buffer?.destroy();
      buffer = this.context.device.createBuffer({ id: `${this.props.id}-vertices`, byteLength: strip.bytes.byteLength, usage: Buffer.VERTEX | Buffer.COPY_DST });
      this.state.model?.setAttributes({ [VERTEX_BUFFER]: buffer });
    }
    buffer.write(strip.bytes);
    this.setState({ vertices: buffer, vertexCount: strip.vertexCount });
  }

  override draw() {
    const { model, vertexCount } = this.state;
    if (!model || vertexCount < 3) return;
    model.shaderInputs.setProps({ track: { ...this.props.track, zoom: this.context.viewport.zoom, depthBias: this.props.depthBias, outlineColor: this.state.outlineColor } });
    model.setVertexCount(vertexCount);
    model.draw(this.context.renderPass);
  }

  override finalizeState(context: Parameters<Layer['finalizeState']>[0]) {
    this.state.vertices?.destroy();
    super.finalizeState(context);
  }

  private createModel(): Model {
    const float = (floats: number) => floats * 4;
    return new Model(this.context.device, {
      ...this.getShaders(),
      id: this.props.id,
      topology: 'triangle-strip',
      vertexCount: 0,
      bufferLayout: [
        {
          name: VERTEX_BUFFER,
          byteStride: STRIP_STRIDE,
          attributes: [
            { attribute: 'positions', format: 'float32x3', byteOffset: float(STRIP_VERTEX.high) },
            { attribute: 'positions64Low', format: 'float32x3', byteOffset: float(STRIP_VERTEX.low) },
            { attribute: 'trackOffsets', format: 'float32x4', byteOffset: float(STRIP_VERTEX.trackOffset) },
            { attribute: 'segmentsIn', format: 'float32x4', byteOffset: float(STRIP_VERTEX.segmentIn) },
            { attribute: 'segmentsOut', format: 'float32x4', byteOffset: float(STRIP_VERTEX.segmentOut) },
            { attribute: 'ends', format: 'float32x4', byteOffset: float(STRIP_VERTEX.ends) },
            { attribute: 'colors', format: 'unorm8x4', byteOffset: STRIP_VERTEX.colorByte },
          ],
        },
      ],
    });
  }
}
