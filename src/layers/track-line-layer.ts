import { Layer, project32, type DefaultProps, type UpdateParameters } from '@deck.gl/core';
import { Buffer } from '@luma.gl/core';
import type { Model } from '@luma.gl/engine';
import { unitColor } from './colors.ts';
import type { BinaryPaths } from '../data/geometry/path-culling.ts';
import { buildTrackStrip, STRIP_STRIDE, STRIP_VERTEX, type TrackStrip } from '../data/geometry/track-strips.ts';
import { fs, vs } from './track-line-layer-shaders.ts';
import { trackUniforms, type TrackStyle } from './track-uniforms.ts';
import { interleavedLayout, positionAttributes } from './buffer-layouts.ts';
import { layerModel } from './layer-model.ts';

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

const NO_OUTLINE: [number, number, number, number] = [0, 0, 0, 0];

/** The outline colour as the shader takes it (0–1), or none. */
const outlineUniform = (color: readonly number[] | null) => (color ? unitColor(color) : NO_OUTLINE);

/** Name of the vertex buffer in the model's buffer layout. */
export const VERTEX_BUFFER = 'vertices';

/** The strip's vertices (`track-strips.ts`) as the shader reads them. */
const STRIP_VERTICES = interleavedLayout(VERTEX_BUFFER, STRIP_STRIDE, {
  ...positionAttributes('positions', STRIP_VERTEX),
  trackOffsets: ['float32x4', STRIP_VERTEX.trackOffset * 4],
  segmentsIn: ['float32x4', STRIP_VERTEX.segmentIn * 4],
  segmentsOut: ['float32x4', STRIP_VERTEX.segmentOut * 4],
  ends: ['float32x4', STRIP_VERTEX.ends * 4],
  colors: ['unorm8x4', STRIP_VERTEX.colorByte],
});

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
    return layerModel(this, 'triangle-strip', [STRIP_VERTICES]);
  }
}
