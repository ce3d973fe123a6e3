import { decodeSignedVarints, encodeSignedVarints } from './varint.ts';

/**
 * The bundle container: one binary file holding a JSON header (free-form
 * metadata plus a table of sections) followed by typed-array sections.
 *
 * Layout: the 4 bytes `TT3D`, a little-endian uint32 with the header's byte
 * length, the header as UTF-8 JSON, then each section aligned to 8 bytes.
 * Integer streams that are mostly small deltas use zig-zag varints.
 */

/** Encodings a section can have. `varint`/`dvarint` decode to Int32Array (`dvarint` is delta-coded). */
export type SectionType = 'u8' | 'u16' | 'u32' | 'i32' | 'f32' | 'f64' | 'varint' | 'dvarint';

/** Decoded array type for each section encoding. */
export interface SectionArrays {
  u8: Uint8Array;
  u16: Uint16Array;
  u32: Uint32Array;
  i32: Int32Array;
  f32: Float32Array;
  f64: Float64Array;
  varint: Int32Array;
  dvarint: Int32Array;
}

/** One section's entry in the header. */
export interface SectionDescriptor {
  name: string;
  type: SectionType;
  /** Number of values. */
  count: number;
  byteOffset: number;
  byteLength: number;
}

/** The JSON header of a bundle file. */
export interface BundleHeader<M> {
  format: 'tt3d-bundle';
  version: number;
  kind: string;
  meta: M;
  sections: SectionDescriptor[];
}

/** Values of one section to write. */
export interface SectionInput {
  type: SectionType;
  values: ArrayLike<number>;
}

export const BUNDLE_FORMAT_VERSION = 1;
const MAGIC = [0x54, 0x54, 0x33, 0x44]; // "TT3D"

/** Thrown when a bundle file cannot be read; the message says which file part is wrong. */
export class BundleFormatError extends Error {
  override name = 'BundleFormatError';
}

const align8 = (n: number): number => Math.ceil(n / 8) * 8;

function encodeSection(input: SectionInput): Uint8Array {
  const { type, values } = input;
  switch (type) {
    case 'varint':
      return encodeSignedVarints(values, false);
    case 'dvarint':
      return encodeSignedVarints(values, true);
    case 'u8':
      return Uint8Array.from(values);
    case 'u16':
      return new Uint8Array(Uint16Array.from(values).buffer);
    case 'u32':
      return new Uint8Array(Uint32Array.from(values).buffer);
    case 'i32':
      return new Uint8Array(Int32Array.from(values).buffer);
    case 'f32':
      return new Uint8Array(Float32Array.from(values).buffer);
    case 'f64':
      return new Uint8Array(Float64Array.from(values).buffer);
  }
}

/** Serialises metadata and sections into one bundle file. */
export function writeBundle<M>(kind: string, meta: M, sections: Record<string, SectionInput>): Uint8Array {
  const encoder = new TextEncoder();
  const bodies: Uint8Array[] = [];
  const descriptors: SectionDescriptor[] = [];
  let offset = 0;
  for (const [name, input] of Object.entries(sections)) {
    const body = encodeSection(input);
    descriptors.push({ name, type: input.type, count: input.values.length, byteOffset: offset, byteLength: body.length });
    bodies.push(body);
    offset = align8(offset + body.length);
  }
  const header: BundleHeader<M> = { format: 'tt3d-bundle', version: BUNDLE_FORMAT_VERSION, kind, meta, sections: descriptors };
  const headerBytes = encoder.encode(JSON.stringify(header));
  const bodyStart = align8(8 + headerBytes.length);
  const out = new Uint8Array(bodyStart + offset);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(4, headerBytes.length, true);
  out.set(headerBytes, 8);
  descriptors.forEach((d, i) => out.set(bodies[i], bodyStart + d.byteOffset));
  return out;
}

/** A bundle file opened for reading. */
export interface BundleReader<M> {
  kind: string;
  meta: M;
  /** Decodes a section; throws {@link BundleFormatError} naming the section if it is absent or of another type. */
  section<T extends SectionType>(name: string, type: T): SectionArrays[T];
  has(name: string): boolean;
}

/**
 * Opens a bundle file. `source` names the file in error messages.
 * Throws {@link BundleFormatError} for a wrong magic number, kind, version or a truncated file.
 */
export function readBundle<M>(buffer: ArrayBuffer | Uint8Array, expectedKind: string, source: string): BundleReader<M> {
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  if (bytes.length < 8 || MAGIC.some((b, i) => bytes[i] !== b)) {
    throw new BundleFormatError(`${source} is not a data bundle file (it does not start with "TT3D"); rebuild the data with "npm run data".`);
  }
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
  if (8 + headerLength > bytes.length) {
    throw new BundleFormatError(`${source} is truncated: its header needs ${headerLength} bytes but the file has ${bytes.length}.`);
  }
  let header: BundleHeader<M>;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength)));
  } catch (e) {
    throw new BundleFormatError(`${source} has a malformed header: ${(e as Error).message}`);
  }
  if (header.format !== 'tt3d-bundle' || header.version !== BUNDLE_FORMAT_VERSION) {
    throw new BundleFormatError(`${source} has bundle format ${header.format} version ${header.version}; this app reads version ${BUNDLE_FORMAT_VERSION}. Rebuild the data with "npm run data".`);
  }
  if (header.kind !== expectedKind) {
    throw new BundleFormatError(`${source} holds "${header.kind}" data where "${expectedKind}" was expected.`);
  }
  const bodyStart = align8(8 + headerLength);
  const byName = new Map(header.sections.map((d) => [d.name, d]));
  return {
    kind: header.kind,
    meta: header.meta,
    has: (name) => byName.has(name),
    section<T extends SectionType>(name: string, type: T): SectionArrays[T] {
      const d = byName.get(name);
      if (!d) throw new BundleFormatError(`${source} has no section "${name}".`);
      if (d.type !== type) throw new BundleFormatError(`${source} section "${name}" is ${d.type}, expected ${type}.`);
      const start = bodyStart + d.byteOffset;
      if (start + d.byteLength > bytes.length) {
        throw new BundleFormatError(`${source} is truncated inside section "${name}".`);
      }
      // A copy (aligned, detached from the download buffer). Uint8Array's slice, because Node's Buffer#slice returns a view.
      const slice = Uint8Array.prototype.slice.call(bytes, start, start + d.byteLength);
      return decodeSection(slice, d, source) as SectionArrays[T];
    },
  };
}

function decodeSection(slice: Uint8Array, d: SectionDescriptor, source: string): SectionArrays[SectionType] {
  try {
    switch (d.type) {
      case 'varint':
        return decodeSignedVarints(slice, d.count, false);
      case 'dvarint':
        return decodeSignedVarints(slice, d.count, true);
      case 'u8':
        return slice;
      case 'u16':
        return new Uint16Array(slice.buffer, 0, d.count);
      case 'u32':
        return new Uint32Array(slice.buffer, 0, d.count);
      case 'i32':
        return new Int32Array(slice.buffer, 0, d.count);
      case 'f32':
        return new Float32Array(slice.buffer, 0, d.count);
      case 'f64':
        return new Float64Array(slice.buffer, 0, d.count);
    }
  } catch (e) {
    throw new BundleFormatError(`${source} section "${d.name}" is corrupt: ${(e as Error).message}`);
  }
}
