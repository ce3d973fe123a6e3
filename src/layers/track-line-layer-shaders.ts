/**
 * The track line layer's shaders: a triangle strip of mitred, round-ended,
 * antialiased lines placed on the track geometry (`track-uniforms.ts`),
 * optionally over an outline drawn in the same pass (`TRACK_OUTLINE`).
 *
 * @module
 */

/** GLSL: `track_unpack_style(packed)` → vec3(minZoom, maxZoom, opacity). */
const UNPACK_VERTEX_STYLE_GLSL = /* glsl */ `\
vec3 track_unpack_style(float packed) {
  float code = floor(packed + 0.5);
  return vec3(mod(code, 32.0), mod(floor(code / 32.0), 32.0), floor(code / 1024.0) / 255.0);
}
`;

export const vs = /* glsl */ `\
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

export const fs = /* glsl */ `\
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
