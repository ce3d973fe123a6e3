/**
 * RainViewer's radar colour scale, "Universal Blue" (colour scheme 2, the only
 * one served since 1 January 2026), and its reading back into reflectivity
 * (dBZ) and precipitation intensity (mm/h).
 *
 * The table is RainViewer's published one (https://www.rainviewer.com/api/color-schemes.html,
 * `rainviewer_api_colors_table.csv`, column "Universal Blue"): one RGBA colour per whole dBZ,
 * a rain half and a snow half. Below −10 dBZ nothing is painted (transparent). Rain and snow never
 * share a colour, so a pixel tells its dBZ and whether it is snow. Runs of one colour (rain
 * 65–74 dBZ white, 75–95 green; snow 75–95) read as the run's lowest dBZ.
 *
 * Colours under 15 dBZ are translucent. A browser canvas keeps its pixels with premultiplied
 * alpha, so after drawing a tile and reading it back those colours can be off by a few steps
 * in each channel (alpha itself is kept exactly); {@link RadarPalette.decode} therefore falls
 * back to the nearest colour of the same alpha within that rounding.
 *
 * @module
 */

/** dBZ of the first painted entry of each half of the table. */
export const PALETTE_MIN_DBZ = -10;
/** dBZ of the last entry. */
export const PALETTE_MAX_DBZ = 95;

/** Universal Blue, rain, −10…95 dBZ, `RRGGBBAA` each. */
const RAIN_HEX =
  '63615914 66635a19 69665c1e 6c685d24 6f6b5f29 726e612e 75706234 78736439 7c75653e 7f786744 ' + // −10…−1
  '827b6949 857d6a4e 88806c54 8b826d59 8e856f5e 92887164 9e93756e aa9e7978 b6a97e82 c2b4828c ' + // 0…9
  'cec08796 d2c48ba0 d6c88faa dacc93b4 ded097be 88ddeeff 6cd1ebff 51c5e8ff 36bae5ff 1baee2ff ' + // 10…19
  '00a3e0ff 009ad5ff 0091caff 0088bfff 007fb4ff 0077aaff 0070a3ff 00699cff 006295ff 005b8eff ' + // 20…29
  '005588ff 005180ff 004e78ff 004a70ff 004768ff ffee00ff ffe000ff ffd200ff ffc500ff ffb700ff ' + // 30…39
  'ffaa00ff ff9f00ff ff9500ff ff8b00ff ff8100ff ff4400ff f23600ff e62800ff d91b00ff cd0d00ff ' + // 40…49
  'c10000ff a80000ff 8f0000ff 760000ff 5d0000ff ffaaffff ff9fffff ff95ffff ff8bffff ff81ffff ' + // 50…59
  'ff77ffff ff6cffff ff62ffff ff58ffff ff4effff ' + // 60…64
  'ffffffff '.repeat(10) + // 65…74
  '00ff00ff '.repeat(21); // 75…95

/** Universal Blue, snow, −10…95 dBZ (−10 is transparent: not painted). */
const SNOW_HEX =
  'cfffff00 ceffff0c cdffff19 ccffff26 cbffff33 cbffff3f caffff4c c9ffff59 c8ffff66 c7ffff72 ' + // −10…−1
  'c7ffff7f c6ffff8c c5ffff99 c4ffffa5 c3ffffb2 c3ffffbf c2ffffcc c1ffffd8 c0ffffe5 bffffff2 ' + // 0…9
  'bfffffff b8f8ffff b2f2ffff abebffff a5e5ffff 9fdfffff 98d8ffff 92d2ffff 8bcbffff 85c5ffff ' + // 10…19
  '7fbfffff 78b8ffff 72b2ffff 6babffff 65a5ffff 5f9fffff 5b9bffff 5898ffff 5595ffff 5292ffff ' + // 20…29
  '4f8fffff 4b8bffff 4888ffff 4585ffff 4282ffff 3f7fffff 3b7bffff 3878ffff 3575ffff 3272ffff ' + // 30…39
  '2f6fffff 2b6bffff 2868ffff 2565ffff 2262ffff 1f5fffff 1b5bffff 1858ffff 1555ffff 1252ffff ' + // 40…49
  '0f4fffff 0c4bffff 0948ffff 0645ffff 0242ffff 003fffff 003bffff 0038ffff 0035ffff 0032ffff ' + // 50…59
  '002fffff 002bffff 0028ffff 0025ffff 0022ffff 001fffff 001bffff 0018ffff 0015ffff 0012ffff ' + // 60…69
  '000fffff 000cffff 0009ffff 0006ffff 0002ffff ' + // 70…74
  '0000ffff '.repeat(21); // 75…95

function parseTable(hex: string): number[] {
  const colours = hex.trim().split(/\s+/).map((h) => parseInt(h, 16) >>> 0);
  if (colours.length !== PALETTE_MAX_DBZ - PALETTE_MIN_DBZ + 1) throw new Error(`radar palette: ${colours.length} entries, expected ${PALETTE_MAX_DBZ - PALETTE_MIN_DBZ + 1}`);
  return colours;
}

/** Rain colours as `0xRRGGBBAA`, index = dBZ − {@link PALETTE_MIN_DBZ}. */
export const UNIVERSAL_BLUE_RAIN: readonly number[] = parseTable(RAIN_HEX);
/** Snow colours as `0xRRGGBBAA`, index = dBZ − {@link PALETTE_MIN_DBZ}. */
export const UNIVERSAL_BLUE_SNOW: readonly number[] = parseTable(SNOW_HEX);

/** The RGBA bytes of a palette entry (for tests and fixtures). */
export function paletteColour(dbz: number, snow = false): [number, number, number, number] {
  const table = snow ? UNIVERSAL_BLUE_SNOW : UNIVERSAL_BLUE_RAIN;
  const index = Math.round(dbz) - PALETTE_MIN_DBZ;
  if (index < 0 || index >= table.length) throw new RangeError(`paletteColour: ${dbz} dBZ is outside ${PALETTE_MIN_DBZ}…${PALETTE_MAX_DBZ}`);
  const c = table[index];
  return [c >>> 24, (c >>> 16) & 255, (c >>> 8) & 255, c & 255];
}

/**
 * Rain rate for a reflectivity: Marshall–Palmer, Z = 200·R^1.6 (Z in mm⁶/m³,
 * R in mm/h); snow (water equivalent): Z = 2000·R².
 */
export function dbzToMmPerHour(dbz: number, snow = false): number {
  const z = 10 ** (dbz / 10);
  return snow ? Math.sqrt(z / 2000) : (z / 200) ** (1 / 1.6);
}

/** What one pixel says. */
export type PixelReading =
  /** Nothing painted (alpha 0): dry. */
  | { kind: 'dry' }
  /** A colour of the scale. */
  | { kind: 'echo'; dbz: number; snow: boolean }
  /** A colour that is not on the scale. */
  | { kind: 'unknown' };

/** Code of a reading in {@link RadarPalette.code}: 0 dry, 255 unknown, else 1 + dBZ − MIN (+128 for snow). */
export const DRY_CODE = 0;
export const UNKNOWN_CODE = 255;
const SNOW_BIT = 128;

/** Reads pixels of the Universal Blue scale. Build once and reuse (the tables are a few hundred entries). */
export class RadarPalette {
  /** Exact colour (`0xRRGGBBAA`) → code. */
  private readonly exact = new Map<number, number>();
  /** Per alpha value, the entries painted with it: [r, g, b, code] flattened. */
  private readonly byAlpha = new Map<number, number[]>();
  /** Codes already resolved for inexact colours. */
  private readonly nearest = new Map<number, number>();

  constructor() {
    for (const [table, snow] of [[UNIVERSAL_BLUE_RAIN, false], [UNIVERSAL_BLUE_SNOW, true]] as const) {
      table.forEach((colour, i) => {
        const alpha = colour & 255;
        if (alpha === 0 || this.exact.has(colour)) return; // transparent, or a run's later entries
        const code = 1 + i + (snow ? SNOW_BIT : 0);
        this.exact.set(colour, code);
        const list = this.byAlpha.get(alpha) ?? [];
        list.push(colour >>> 24, (colour >>> 16) & 255, (colour >>> 8) & 255, code);
        this.byAlpha.set(alpha, list);
      });
    }
  }

  /**
   * The code of a pixel: {@link DRY_CODE}, {@link UNKNOWN_CODE}, or an echo
   * (see {@link readCode}). Exact colours first; a translucent colour that is
   * off by the rounding of premultiplied alpha reads as the nearest entry of
   * the same alpha.
   */
  code(r: number, g: number, b: number, a: number): number {
    if (a === 0) return DRY_CODE;
    const colour = ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
    const exact = this.exact.get(colour);
    if (exact !== undefined) return exact;
    if (a === 255) return UNKNOWN_CODE;
    const known = this.nearest.get(colour);
    if (known !== undefined) return known;
    const list = this.byAlpha.get(a);
    let best = UNKNOWN_CODE;
    if (list) {
      // Premultiplied storage keeps round(c·a/255); reading back divides again: each channel can be off by up to 255/a.
      const tolerance = Math.ceil(255 / a) + 1;
      let bestDistance = Infinity;
      for (let k = 0; k < list.length; k += 4) {
        const d = Math.max(Math.abs(list[k] - r), Math.abs(list[k + 1] - g), Math.abs(list[k + 2] - b));
        if (d <= tolerance && d < bestDistance) {
          bestDistance = d;
          best = list[k + 3];
        }
      }
    }
    this.nearest.set(colour, best);
    return best;
  }

  /** What a pixel says, in words. */
  read(r: number, g: number, b: number, a: number): PixelReading {
    return readCode(this.code(r, g, b, a));
  }
}

/** A code of {@link RadarPalette.code} in words. */
export function readCode(code: number): PixelReading {
  if (code === DRY_CODE) return { kind: 'dry' };
  if (code === UNKNOWN_CODE) return { kind: 'unknown' };
  const snow = code >= SNOW_BIT;
  return { kind: 'echo', dbz: (code & (SNOW_BIT - 1)) - 1 + PALETTE_MIN_DBZ, snow };
}

/** mm/h of every code (0 for dry and unknown), for fast per-pixel conversion. */
export const MM_PER_HOUR_BY_CODE: Float32Array = (() => {
  const out = new Float32Array(256);
  for (let code = 1; code < 255; code++) {
    const reading = readCode(code);
    if (reading.kind === 'echo' && reading.dbz <= PALETTE_MAX_DBZ) out[code] = dbzToMmPerHour(reading.dbz, reading.snow);
  }
  return out;
})();
