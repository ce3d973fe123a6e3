/** Packs "#RRGGBB" colours into consecutive RGB bytes (unknown input: mid grey). */
export function hexToRgbBytes(colors: string[]): Uint8Array {
  const out = new Uint8Array(colors.length * 3).fill(128);
  colors.forEach((hex, i) => {
    const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
    if (!m) return;
    const n = parseInt(m[1], 16);
    out[i * 3] = n >> 16;
    out[i * 3 + 1] = (n >> 8) & 255;
    out[i * 3 + 2] = n & 255;
  });
  return out;
}
