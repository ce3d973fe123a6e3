import type { DefaultProps } from '@deck.gl/core';
import { PathLayer, type PathLayerProps } from '@deck.gl/layers';
import { trackUniforms, type TrackStyle } from './track-uniforms.ts';

/**
 * A PathLayer whose vertices also carry a track offset (parallel-line offset
 * and depth, in track-spacing units) applied on the GPU at the current zoom,
 * plus a packed zoom range and opacity. Line widths are given in common units
 * at zoom 14 and scale like the offsets, so lines, gaps and station shapes
 * scale together.
 *
 * Data is binary: `{length, startIndices, attributes: {getPath, getColor,
 * getWidth?, getTrackOffset}}`, one value per vertex; `getTrackOffset` is
 * `[vx, vy, vz, packVertexStyle(minZoom, maxZoom, opacity)]`.
 *
 * WebGL2 allows 16 vertex attributes and PathLayer uses 13, so the offset is
 * read at the segment's two ends only (the neighbours' offsets, used for the
 * joint direction, are taken to equal them) and style is packed in one float.
 */
export type TrackPathLayerProps = PathLayerProps & {
  /** Track spacing, depth and view-mode opacities. */
  track: TrackStyle;
  getTrackOffset?: unknown;
};

/** Packs a vertex's zoom range (integers 0–24) and opacity (0–1) into one float. */
export function packVertexStyle(minZoom: number, maxZoom: number, opacity: number): number {
  return Math.round(minZoom) + 32 * Math.round(maxZoom) + 1024 * Math.round(Math.max(0, Math.min(1, opacity)) * 255);
}

const defaultProps: DefaultProps<TrackPathLayerProps> = {
  track: { type: 'object', value: null as unknown as TrackStyle, compare: 1 },
  getTrackOffset: { type: 'accessor', value: [0, 0, 0, 0] },
  widthUnits: 'common',
  _pathType: 'open',
  antialiasing: true,
};

const DECLARATIONS = /* glsl */ `
in vec4 instanceStartTrackOffsets;
in vec4 instanceEndTrackOffsets;

vec3 track_unpack_style(float packed) {
  float code = floor(packed + 0.5);
  return vec3(mod(code, 32.0), mod(floor(code / 32.0), 32.0), floor(code / 1024.0) / 255.0);
}
`;

/**
 * Replaces `search` in `source` (whitespace-insensitive: deck.gl's published
 * shaders are minified), failing loudly if deck.gl's shader changed shape.
 */
function patch(source: string, search: string, replacement: string): string {
  const pattern = search
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s*');
  const regex = new RegExp(pattern);
  if (!regex.test(source)) throw new Error(`TrackPathLayer: PathLayer shader no longer contains "${search.trim()}"`);
  return source.replace(regex, () => replacement);
}

function patchVertexShader(vs: string): string {
  let out = patch(vs, 'in float rowIndexes;', `in float rowIndexes;\n${DECLARATIONS}`);
  for (const name of ['prev', 'curr', 'next'] as const) {
    out = patch(
      out,
      `${name}Position = project_position(${name}Position, ${name}Position64Low);`,
      `${name}Position = project_position(${name}Position, ${name}Position64Low) + track_offset(${name}TrackOffset);`,
    );
  }
  out = patch(
    out,
    '  vec3 nextPosition64Low = mix(instanceEndPositions64Low, instanceRightPositions64Low, isEnd);',
    `  vec3 nextPosition64Low = mix(instanceEndPositions64Low, instanceRightPositions64Low, isEnd);
  vec3 prevTrackOffset = instanceStartTrackOffsets.xyz;
  vec3 currTrackOffset = mix(instanceStartTrackOffsets.xyz, instanceEndTrackOffsets.xyz, isEnd);
  vec3 nextTrackOffset = instanceEndTrackOffsets.xyz;`,
  );
  // Width: given in track units at zoom 14, scaled like the offsets, never thinner than minWidthPixels.
  out = patch(
    out,
    '    width = vec3(project_pixel_size(widthPixels), 0.0);',
    '    width = vec3(max(project_pixel_size(widthPixels) * track_scale(), project_pixel_size(vec2(track.minWidthPixels * 0.5))), 0.0);',
  );
  // Visibility: zoom range, segment opacity and ground/underground view.
  out = patch(
    out,
    '  DECKGL_FILTER_COLOR(vColor, geometry);\n}',
    `  vec3 startStyle = track_unpack_style(instanceStartTrackOffsets.w);
  vec3 endStyle = track_unpack_style(instanceEndTrackOffsets.w);
  vColor.a *= min(startStyle.z, endStyle.z) * track_view_opacity(currTrackOffset.z);
  if (track.zoom < startStyle.x || track.zoom >= startStyle.y || vColor.a <= 0.0) {
    gl_Position = vec4(0.0, 0.0, 2.0, 1.0);
  }
  DECKGL_FILTER_COLOR(vColor, geometry);
}`,
  );
  return out;
}

export class TrackPathLayer extends PathLayer<unknown, TrackPathLayerProps> {
  static override layerName = 'TrackPathLayer';
  static override defaultProps = defaultProps;

  override getShaders() {
    const shaders = super.getShaders();
    return { ...shaders, vs: patchVertexShader(shaders.vs), modules: [...shaders.modules, trackUniforms] };
  }

  override initializeState() {
    super.initializeState();
    this.getAttributeManager()!.addInstanced({
      vertexTrackOffsets: {
        size: 4,
        vertexOffset: 1,
        type: 'float32',
        accessor: 'getTrackOffset',
        shaderAttributes: {
          instanceStartTrackOffsets: { vertexOffset: 1 },
          instanceEndTrackOffsets: { vertexOffset: 2 },
        },
      },
    });
  }

  override draw(options: { uniforms: unknown }) {
    this.state.model?.shaderInputs.setProps({ track: { ...this.props.track, zoom: this.context.viewport.zoom } });
    super.draw(options);
  }
}
