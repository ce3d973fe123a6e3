import { Layer, project32, type DefaultProps, type UpdateParameters } from '@deck.gl/core';
import { Buffer, type Texture } from '@luma.gl/core';
import type { Model } from '@luma.gl/engine';
import { bitmapLabelUniforms, fs, vs } from './bitmap-label-layer-shaders.ts';
import { unitColor } from './colors.ts';
import { atlasPixelRatio, LabelAtlas, type LabelFont } from './label-atlas.ts';
import { LABEL_FONT_FAMILY } from './label-font.ts';
import { LABEL_VERTEX, LABEL_VERTEX_STRIDE, VERTICES_PER_LABEL, writeLabelQuads, type LabelQuad } from './label-quads.ts';
import { interleavedLayout, positionAttributes } from './buffer-layouts.ts';
import { layerModel } from './layer-model.ts';

/** Props of {@link BitmapLabelLayer}. */
export interface BitmapLabelLayerProps<D> {
  data: readonly D[];
  getPosition: (d: D) => readonly number[];
  getText: (d: D) => string;
  /** Opacity of a label's text (its halo keeps the halo colour's), 0–1. */
  getTextOpacity?: (d: D) => number;
  fontFamily?: string;
  fontWeight?: number;
  /** CSS pixels. */
  fontSize?: number;
  /** Halo width, CSS pixels. */
  haloWidth?: number;
  /** RGBA 0–255. */
  textColor?: readonly number[];
  /** RGBA 0–255. */
  haloColor?: readonly number[];
  /** The bitmap's bottom centre from the anchor, CSS pixels (y down). */
  pixelOffset?: readonly [number, number];
}

/** The label quads' vertices (`label-quads.ts`) as the shader reads them. */
const LABEL_VERTICES = interleavedLayout('labelVertices', LABEL_VERTEX_STRIDE, {
  ...positionAttributes('positions', LABEL_VERTEX),
  offsets: ['float32x2', LABEL_VERTEX.offset * 4],
  atlasCorners: ['float32x2', LABEL_VERTEX.atlas * 4],
  textOpacities: ['float32', LABEL_VERTEX.alpha * 4],
});

/**
 * Text labels at points, each drawn as one bitmap quad (see `label-atlas.ts`
 * for why), all in one plain draw call. Labels keep their pixel size, face
 * the screen and sit on whole pixels; a label's text is drawn into the atlas
 * the first time it is shown.
 */
export class BitmapLabelLayer<D = unknown> extends Layer<BitmapLabelLayerProps<D>> {
  static override layerName = 'BitmapLabelLayer';
  static override defaultProps: DefaultProps<BitmapLabelLayerProps<unknown>> = {
    data: { type: 'object', value: [], compare: true },
    getPosition: { type: 'function', value: () => [0, 0] },
    getText: { type: 'function', value: () => '' },
    getTextOpacity: { type: 'function', value: () => 1 },
    fontFamily: LABEL_FONT_FAMILY,
    fontWeight: 600,
    fontSize: 13,
    haloWidth: 2,
    textColor: { type: 'color', value: [30, 30, 30, 255] },
    haloColor: { type: 'color', value: [255, 255, 255, 230] },
    pixelOffset: { type: 'array', value: [0, 0], compare: true },
  };

  declare state: {
    model?: Model;
    atlas?: LabelAtlas;
    texture?: Texture;
    vertices?: Buffer;
    vertexArray?: Float32Array;
    vertexCount: number;
  };

  override getShaders() {
    return super.getShaders({ vs, fs, modules: [project32, bitmapLabelUniforms] });
  }

  override initializeState() {
    this.setState({ model: this.createModel(), vertexCount: 0 });
  }

  override shouldUpdateState({ changeFlags }: UpdateParameters<this>) {
    return changeFlags.propsOrDataChanged;
  }

  override updateState({ props, oldProps }: UpdateParameters<this>) {
    const font: LabelFont = { family: props.fontFamily!, weight: props.fontWeight!, size: props.fontSize!, halo: props.haloWidth! };
    const ratio = this.context.device.getDefaultCanvasContext().cssToDeviceRatio();
    let { atlas } = this.state;
    const fontChanged = !atlas || atlas.ratio !== atlasPixelRatio(ratio) || props.fontFamily !== oldProps.fontFamily || props.fontWeight !== oldProps.fontWeight || props.fontSize !== oldProps.fontSize || props.haloWidth !== oldProps.haloWidth;
    if (fontChanged) {
      atlas = new LabelAtlas(font, ratio);
      this.state.texture?.destroy();
      const texture = this.context.device.createTexture({
        id: `${props.id}-atlas`,
        format: 'rgba8unorm',
        width: atlas.canvas.width,
        height: atlas.canvas.height,
        mipLevels: 1,
        sampler: { minFilter: 'nearest', magFilter: 'nearest', addressModeU: 'clamp-to-edge', addressModeV: 'clamp-to-edge' },
      });
      this.state.model?.setBindings({ labelAtlas: texture });
      this.setState({ atlas, texture });
    }
    // Uniforms change with the props only: set here, not in every frame the layer is drawn (the trains' canvas redraws it with each train frame).
    if (fontChanged || props.textColor !== oldProps.textColor || props.haloColor !== oldProps.haloColor) {
      this.state.model?.shaderInputs.setProps({
        bitmapLabel: { textColor: unitColor(props.textColor), haloColor: unitColor(props.haloColor), atlasSize: [atlas!.canvas.width, atlas!.canvas.height] },
      });
    }
    if (!fontChanged && props.data === oldProps.data && props.pixelOffset === oldProps.pixelOffset && props.getTextOpacity === oldProps.getTextOpacity) return;
    this.writeQuads(atlas!);
  }

  override draw() {
    const { model, vertexCount, atlas } = this.state;
    if (!model || !atlas || vertexCount === 0) return;
    model.setVertexCount(vertexCount);
    model.draw(this.context.renderPass);
  }

  override finalizeState(context: Parameters<Layer['finalizeState']>[0]) {
    this.state.vertices?.destroy();
    this.state.texture?.destroy();
    super.finalizeState(context);
  }

  /** Draws missing texts into the atlas, uploads what changed and writes one quad per label that has a bitmap. */
  private writeQuads(atlas: LabelAtlas) {
    const { data, getPosition, getText, getTextOpacity, pixelOffset } = this.props;
    const texts = data.map((d) => getText(d));
    atlas.prepare(texts);
    this.uploadAtlas(atlas);
    const quads: LabelQuad[] = [];
    data.forEach((d, i) => {
      const entry = atlas.get(texts[i]);
      if (entry && texts[i]) quads.push({ position: getPosition(d), entry, alpha: getTextOpacity ? getTextOpacity(d) : 1 });
    });
    const vertexArray = writeLabelQuads(quads, atlas.ratio, pixelOffset ?? [0, 0], this.state.vertexArray);
    let buffer = this.state.vertices;
    const bytes = quads.length * VERTICES_PER_LABEL * LABEL_VERTEX_STRIDE;
    if (bytes > 0 && (!buffer || buffer.byteLength < bytes)) {
      buffer?.destroy();
      buffer = this.context.device.createBuffer({ id: `${this.props.id}-vertices`, byteLength: vertexArray.byteLength, usage: Buffer.VERTEX | Buffer.COPY_DST });
      this.state.model?.setAttributes({ [LABEL_VERTICES.name]: buffer });
    }
    if (bytes > 0) buffer!.write(new Float32Array(vertexArray.buffer, 0, bytes / 4));
    this.setState({ vertices: buffer, vertexArray, vertexCount: quads.length * VERTICES_PER_LABEL });
  }

  private uploadAtlas(atlas: LabelAtlas) {
    const band = atlas.takeDirtyRows();
    const texture = this.state.texture;
    if (!band || !texture) return;
    const [from, to] = band;
    // Straight to WebGL, as the train layer does: a band of rows from the 2D canvas's pixels.
    const gl = (this.context.device as unknown as { gl: WebGL2RenderingContext }).gl;
    gl.bindTexture(gl.TEXTURE_2D, (texture as unknown as { handle: WebGLTexture }).handle);
    gl.bindBuffer(gl.PIXEL_UNPACK_BUFFER, null);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, from, atlas.canvas.width, to - from, gl.RGBA, gl.UNSIGNED_BYTE, atlas.rows(from, to));
    gl.bindTexture(gl.TEXTURE_2D, null);
  }

  private createModel(): Model {
    return layerModel(this, 'triangle-list', [LABEL_VERTICES]);
  }
}
