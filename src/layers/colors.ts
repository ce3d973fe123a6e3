/** Parses "#RRGGBB" (or "#RGB") into [r, g, b]. Unknown input gives mid grey. */
export function hexToRgb(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return [128, 128, 128];
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

/** An RGBA colour of 0–255 values (alpha 255 when left out; opaque black when none) as shaders take it, 0–1. */
export function unitColor(color: readonly number[] | undefined): [number, number, number, number] {
  return [(color?.[0] ?? 0) / 255, (color?.[1] ?? 0) / 255, (color?.[2] ?? 0) / 255, (color?.[3] ?? 255) / 255];
}
