/**
 * The aircraft shape of the airplanes layer: a twin-engine jet airliner of
 * our own, drawn as flat-shaded triangles, in metres about the size of a
 * Boeing 787 or an Airbus A350 (60 m long, 58 m wingspan).
 *
 * Axes: x to the right wing, y to the nose, z up; the origin is on the ground
 * under the wings, so an aircraft at altitude 0 stands on the runway.
 * Each vertex carries a part: 0 fuselage, wings and engines (the airline's
 * fuselage colour), 1 the fin (its tail colour), 2 dark details (engine
 * intakes, cockpit windows).
 *
 * @module
 */

/** Triangle list of the shape. */
export interface AircraftMesh {
  /** x, y, z per vertex, metres. */
  positions: Float32Array;
  /** Unit normal per vertex (flat: the same for the three vertices of a triangle). */
  normals: Float32Array;
  /** Part per vertex (see the module description). */
  parts: Float32Array;
  vertexCount: number;
  /** Nose to tail and wing tip to wing tip, metres. */
  length: number;
  span: number;
}

export const AIRCRAFT_PART = Object.freeze({ body: 0, tail: 1, dark: 2 });

type Vec3 = [number, number, number];

/** Collects triangles with flat normals facing away from a given inside point. */
class MeshBuilder {
  readonly positions: number[] = [];
  readonly normals: number[] = [];
  readonly parts: number[] = [];

  /** Adds triangle a, b, c; its normal faces away from `inside`. */
  triangle(a: Vec3, b: Vec3, c: Vec3, part: number, inside: Vec3): void {
    const u = sub(b, a);
    const v = sub(c, a);
    let n = cross(u, v);
    const length = Math.hypot(n[0], n[1], n[2]);
    if (length < 1e-9) return;
    n = [n[0] / length, n[1] / length, n[2] / length];
    const centre: Vec3 = [(a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3, (a[2] + b[2] + c[2]) / 3];
    if (dot(n, sub(centre, inside)) < 0) n = [-n[0], -n[1], -n[2]];
    for (const p of [a, b, c]) {
      this.positions.push(p[0], p[1], p[2]);
      this.normals.push(n[0], n[1], n[2]);
      this.parts.push(part);
    }
  }

  quad(a: Vec3, b: Vec3, c: Vec3, d: Vec3, part: number, inside: Vec3): void {
    this.triangle(a, b, c, part, inside);
    this.triangle(a, c, d, part, inside);
  }

  /**
   * A body of revolution along y: rings of `sides` points at the profile's
   * stations `[y, radius, centre height, vertical stretch]`, closed at both ends.
   * `partOf(station)` colours each band.
   */
  lathe(profile: readonly (readonly [number, number, number, number?])[], sides: number, x: number, partOf: (band: number) => number): void {
    const rings = profile.map(([y, r, z, stretch = 1]) =>
      Array.from({ length: sides }, (_, k): Vec3 => {
        const angle = (k / sides) * 2 * Math.PI;
        return [x + r * Math.cos(angle), y, z + r * stretch * Math.sin(angle)];
      }),
    );
    for (let i = 0; i + 1 < rings.length; i++) {
      const [y0, , z0] = profile[i];
      const [y1, , z1] = profile[i + 1];
      const inside: Vec3 = [x, (y0 + y1) / 2, (z0 + z1) / 2];
      for (let k = 0; k < sides; k++) {
        const k1 = (k + 1) % sides;
        this.quad(rings[i][k], rings[i][k1], rings[i + 1][k1], rings[i + 1][k], partOf(i), inside);
      }
    }
    // Close the ends with fans (a ring of radius 0 needs none).
    for (const [i, next] of [[0, 1], [rings.length - 1, rings.length - 2]] as const) {
      if (profile[i][1] === 0) continue;
      const centre: Vec3 = [x, profile[i][0], profile[i][2]];
      const inside: Vec3 = [x, profile[next][0], profile[next][2]];
      for (let k = 0; k < sides; k++) this.triangle(centre, rings[i][k], rings[i][(k + 1) % sides], partOf(i === 0 ? -1 : rings.length), inside);
    }
  }

  /**
   * A thin trapezoid slab (wing, stabiliser, fin) from a root section to a tip
   * section, each `[x, y of the leading edge, y of the trailing edge, z, thickness]`;
   * `vertical` puts its thickness along x (a fin) instead of z.
   */
  slab(root: readonly number[], tip: readonly number[], part: number, vertical = false): void {
    const corners = (s: readonly number[]) => {
      const [x, lead, trail, z, t] = s;
      const h = t / 2;
      const at = (y: number, side: number): Vec3 => (vertical ? [side * h, y, x] : [x, y, z + side * h]);
      // For a fin, `x` of a section is its height and `z` is unused.
      return { lt: at(lead, 1), tt: at(trail, 1), lb: at(lead, -1), tb: at(trail, -1) };
    };
    const r = corners(root);
    const t = corners(tip);
    const mid = (a: Vec3, b: Vec3): Vec3 => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
    const inside = mid(mid(r.lt, r.tb), mid(t.lt, t.tb));
    this.quad(r.lt, r.tt, t.tt, t.lt, part, inside); // top (or one side)
    this.quad(r.lb, r.tb, t.tb, t.lb, part, inside); // bottom (or the other side)
    this.quad(r.lt, t.lt, t.lb, r.lb, part, inside); // leading edge
    this.quad(r.tt, t.tt, t.tb, r.tb, part, inside); // trailing edge
    this.quad(t.lt, t.tt, t.tb, t.lb, part, inside); // tip
    this.quad(r.lt, r.tt, r.tb, r.lb, part, inside); // root
  }
}

/** Fuselage stations: y, radius, centre height, vertical stretch. The tail sweeps up, the nose droops a little. */
const FUSELAGE: readonly (readonly [number, number, number, number?])[] = [
  [30, 0, 4.0],
  [29.3, 1.1, 4.1, 0.9],
  [27.8, 2.1, 4.25, 0.95],
  [25.5, 2.75, 4.35],
  [22, 3.0, 4.4],
  [-13, 3.0, 4.4],
  [-20, 2.5, 4.8],
  [-26, 1.4, 5.5],
  [-29.6, 0.45, 6.0],
];
/** Band of the fuselage profile that carries the cockpit windows (between stations 1 and 2). */
const COCKPIT_BAND = 1;

/** Builds the shape. */
export function buildAircraftMesh(): AircraftMesh {
  const b = new MeshBuilder();
  const { body, tail, dark } = AIRCRAFT_PART;
  b.lathe(FUSELAGE, 12, 0, (band) => (band === COCKPIT_BAND ? dark : body));
  for (const side of [-1, 1]) {
    // Wing: low, swept, with dihedral.
    b.slab([side * 2.6, 7, -5, 2.6, 0.9], [side * 29, -9.5, -12.5, 4.6, 0.25], body);
    // Horizontal stabiliser.
    b.slab([side * 1.2, -21, -27.5, 5.6, 0.35], [side * 10, -27.5, -30, 6.4, 0.2], body);
    // Engine under the wing: a nacelle with a dark intake.
    b.lathe(
      [
        [7.5, 1.25, 1.9],
        [7.3, 1.55, 1.9],
        [3.5, 1.5, 1.9],
        [1.5, 0.9, 2.0],
      ],
      10,
      side * 9.5,
      (band) => (band < 0 ? dark : body),
    );
  }
  // Fin: sections are [height, leading y, trailing y, unused, thickness].
  b.slab([6.0, -17.5, -28.5, 0, 0.6], [17, -27, -30.5, 0, 0.3], tail, true);
  const vertexCount = b.parts.length;
  return {
    positions: Float32Array.from(b.positions),
    normals: Float32Array.from(b.normals),
    parts: Float32Array.from(b.parts),
    vertexCount,
    length: 60,
    span: 58,
  };
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
