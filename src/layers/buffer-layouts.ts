/**
 * luma.gl buffer layouts of interleaved elements (vertices, or instances),
 * written from the element layouts of the data (`STRIP_VERTEX`,
 * `LABEL_VERTEX`, `MARKER`, `AIRCRAFT`: float offsets of each field).
 *
 * @module
 */
import type { BufferLayout, VertexFormat } from '@luma.gl/core';

/** An attribute of an interleaved element: its format and its offset in the element, bytes. */
export type InterleavedAttribute = readonly [format: VertexFormat, byteOffset: number];

/** The layout of buffer `name` of elements `byteStride` bytes apart, with `attributes` by name; instances step per instance. */
export function interleavedLayout(name: string, byteStride: number, attributes: Readonly<Record<string, InterleavedAttribute>>, stepMode?: 'instance'): BufferLayout {
  return {
    name,
    ...(stepMode ? { stepMode } : {}),
    byteStride,
    attributes: Object.entries(attributes).map(([attribute, [format, byteOffset]]) => ({ attribute, format, byteOffset })),
  };
}

/**
 * The two attributes of a 64-bit position, `name` and `name64Low` (three float32 each, as deck.gl's
 * `project_position` takes them), at the element's float offsets `high` and `low`.
 */
export function positionAttributes(name: string, { high, low }: { high: number; low: number }): Record<string, InterleavedAttribute> {
  return { [name]: ['float32x3', high * 4], [`${name}64Low`]: ['float32x3', low * 4] };
}
