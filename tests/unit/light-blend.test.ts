import { describe, expect, it } from 'vitest';
import { PALETTES } from '../../src/basemap/palettes.ts';
import { blendColors, ColorError, formatColor, parseColor, relativeLuminance } from '../../src/data/light/color.ts';
import { computeLight } from '../../src/data/light/light-state.ts';
import { basemapPalette, blendPalettes, PaletteBlendError, tintPalette } from '../../src/data/light/palette-blend.ts';

describe('parseColor / formatColor', () => {
  it('reads the forms the palettes use', () => {
    expect(parseColor('#f2f1ee')).toEqual({ r: 0xf2, g: 0xf1, b: 0xee, a: 1 });
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor('#00000080').a).toBeCloseTo(128 / 255, 9);
    expect(parseColor('rgba(244, 243, 240, 0.9)')).toEqual({ r: 244, g: 243, b: 240, a: 0.9 });
    expect(parseColor(' rgb(1,2,3) ')).toEqual({ r: 1, g: 2, b: 3, a: 1 });
  });

  it('writes #rrggbb when opaque and rgba() otherwise, round-tripping', () => {
    expect(formatColor(parseColor('#F2F1EE'))).toBe('#f2f1ee');
    expect(formatColor(parseColor('rgba(29, 33, 41, 0.9)'))).toBe('rgba(29, 33, 41, 0.9)');
    expect(formatColor({ r: 300, g: -4, b: 127.6, a: 1 })).toBe('#ff0080');
  });

  it('names the bad text and where it was', () => {
    expect(() => parseColor('#12345', 'palette.land')).toThrow(ColorError);
    expect(() => parseColor('#12345', 'palette.land')).toThrow(/^palette\.land: "#12345" is not a color; expected #rgb/);
    expect(() => parseColor('rgb(1, 2)')).toThrow(/"rgb\(1, 2\)" is not a color/);
    expect(() => parseColor('rgba(1, 2, 3, 4)')).toThrow(/alpha 0–1/);
    expect(() => parseColor('rgb(256, 0, 0)')).toThrow(/channels 0–255/);
  });

  it('blends two colours linearly', () => {
    expect(blendColors('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(blendColors('#102030', '#305070', 0)).toBe('#102030');
    expect(blendColors('#102030', '#305070', 2)).toBe('#305070'); // clamped
  });
});

describe('blendPalettes on the base map’s real palettes', () => {
  const { light, dark } = PALETTES;

  it('gives the day palette at 0 and the night palette at 1', () => {
    expect(blendPalettes(light, dark, 0)).toEqual(light);
    expect(blendPalettes(light, dark, 1)).toEqual(dark);
  });

  it('mixes every colour and number half-way at 0.5 and keeps the shared non-colour strings', () => {
    const half = blendPalettes(light, dark, 0.5);
    expect(half.land).toBe(blendColors(light.land, dark.land, 0.5));
    expect(half.labelHalo).toBe(blendColors(light.labelHalo, dark.labelHalo, 0.5));
    expect(half.buildingOpacity).toBeCloseTo((light.buildingOpacity + dark.buildingOpacity) / 2, 12);
    expect(half.sky['sky-color']).toBe(blendColors(light.sky['sky-color'] as string, dark.sky['sky-color'] as string, 0.5));
    expect(half.light.anchor).toBe('viewport');
    expect(half.light.position).toEqual([1.15, 210, 30]);
  });

  it('names the path of members that cannot be blended', () => {
    expect(() => blendPalettes({ a: { b: '#fff' } }, { a: {} } as never, 0.5)).toThrow(PaletteBlendError);
    expect(() => blendPalettes({ a: { b: '#fff' } }, { a: {} } as never, 0.5)).toThrow(/^palette\.a\.b: present in the first palette only/);
    expect(() => blendPalettes({ p: [1, 2] }, { p: [1, 2, 3] }, 0.5)).toThrow(/^palette\.p: arrays of different lengths \(2 and 3\)/);
    expect(() => blendPalettes({ w: 1 }, { w: 'wide' } as never, 0.5)).toThrow(/^palette\.w: cannot blend number 1 with the string "wide"/);
    expect(() => blendPalettes({ c: '#fff' }, { c: 'red' }, 0.5)).toThrow(/^palette\.c: cannot blend "#fff" with "red": only one of them is a color/);
    expect(() => blendPalettes({ c: '#ffg' }, { c: '#000' }, 0.5)).toThrow(/^palette\.c: "#ffg" is not a color/);
  });

  it('switches differing labels half-way', () => {
    expect(blendPalettes({ font: 'Noto Sans' }, { font: 'Noto Sans Bold' }, 0.49).font).toBe('Noto Sans');
    expect(blendPalettes({ font: 'Noto Sans' }, { font: 'Noto Sans Bold' }, 0.5).font).toBe('Noto Sans Bold');
  });
});

describe('tintPalette and basemapPalette', () => {
  it('warms a palette without brightening its darks', () => {
    const warm = tintPalette(PALETTES.dark, '#ffb46e', 0.2);
    const before = parseColor(PALETTES.dark.land);
    const after = parseColor(warm.land);
    expect(after.r).toBeLessThanOrEqual(before.r);
    expect(after.b).toBeLessThan(before.b);
    expect(after.r - after.b).toBeGreaterThan(before.r - before.b);
    expect(warm.buildingOpacity).toBe(PALETTES.dark.buildingOpacity);
    expect(tintPalette(PALETTES.light, '#ffb46e', 0)).toBe(PALETTES.light);
  });

  it('makes the land darker from noon to dusk to night', () => {
    const tokyo = { lng: 139.767, lat: 35.6814 };
    const landAt = (local: string) =>
      relativeLuminance(parseColor(basemapPalette(PALETTES.light, PALETTES.dark, computeLight(Date.parse(`2026-11-25T${local}+09:00`), tokyo).basemap).land));
    expect(landAt('12:00:00')).toBeGreaterThan(landAt('16:40:00'));
    expect(landAt('16:40:00')).toBeGreaterThan(landAt('22:00:00'));
    expect(landAt('22:00:00')).toBeCloseTo(relativeLuminance(parseColor(PALETTES.dark.land)), 9);
  });
});
