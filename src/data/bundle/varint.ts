/**
 * Zig-zag variable-length integer coding, the compact form of the bundle's
 * integer streams. Small magnitudes take one byte, which is what the
 * delta-coded coordinates and times mostly are.
 */

/** Growable byte buffer for writing varints. */
export class VarintWriter {
  private bytes = new Uint8Array(1024);
  private length = 0;

  /** Appends one signed integer (must be a safe integer of magnitude < 2^31). */
  writeSigned(value: number): void {
    this.writeUnsigned(value >= 0 ? value * 2 : -value * 2 - 1);
  }

  /** Appends one non-negative integer (< 2^32). */
  writeUnsigned(value: number): void {
    if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
      throw new RangeError(`varint value out of range: ${value}`);
    }
    this.reserve(5);
    let v = value;
    while (v >= 0x80) {
      this.bytes[this.length++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 128);
    }
    this.bytes[this.length++] = v;
  }

  /** The written bytes (a copy trimmed to length). */
  finish(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const next = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra));
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
  }
}

/** Encodes signed integers; with `delta`, each value is stored as the difference to the previous one. */
export function encodeSignedVarints(values: ArrayLike<number>, delta: boolean): Uint8Array {
  const writer = new VarintWriter();
  let previous = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    writer.writeSigned(delta ? value - previous : value);
    previous = value;
  }
  return writer.finish();
}

/**
 * Decodes `count` signed integers written by {@link encodeSignedVarints}.
 * Throws if the bytes end early or hold more values than `count`.
 */
export function decodeSignedVarints(bytes: Uint8Array, count: number, delta: boolean): Int32Array {
  const out = new Int32Array(count);
  let pos = 0;
  let previous = 0;
  for (let i = 0; i < count; i++) {
    let result = 0;
    let shift = 1;
    let byte: number;
    do {
      if (pos >= bytes.length) throw new RangeError(`varint stream ended after ${i} of ${count} values`);
      byte = bytes[pos++];
      result += (byte & 0x7f) * shift;
      shift *= 128;
    } while (byte & 0x80);
    const value = result % 2 === 0 ? result / 2 : -(result + 1) / 2;
    previous = delta ? previous + value : value;
    out[i] = previous;
  }
  if (pos !== bytes.length) throw new RangeError(`varint stream has ${bytes.length - pos} trailing bytes`);
  return out;
}
