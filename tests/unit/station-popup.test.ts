/** What a station's popup lists (real data): names in the data language, every line of the group with its colour. */
import { describe, expect, it } from 'vitest';
import { localize } from '../../src/data/network.ts';
import { stationGroupOf } from '../../src/data/station-groups.ts';
import { popupLines } from '../../src/ui/station/station-popup-lines.ts';
import { placePopup } from '../../src/ui/station/popup-placement.ts';
import { loadRealData } from './fixtures/real-data.ts';

function popup(stationId: string, lang: string) {
  const { network } = loadRealData();
  const station = network.stationIndex.get(stationId)!;
  const group = stationGroupOf(network.meta, station)!;
  return popupLines(network.meta, group, station, (t) => localize(t, lang), lang);
}

describe('station popup content', () => {
  it('a transfer between differently named stations shows the names together, each line with its own station name', () => {
    const { names, lines, japanese } = popup('TokyoMetro.Marunouchi.Korakuen', 'en');
    expect(names).toEqual(expect.arrayContaining(['Korakuen', 'Kasuga']));
    const byLine = Object.fromEntries(lines.map((l) => [l.name, l.station]));
    expect(byLine['Marunouchi Line']).toBe('Korakuen');
    expect(byLine['Oedo Line']).toBe('Kasuga');
    expect(japanese).toContain('後楽園');
    expect(japanese).toContain('春日');
  });

  it('lists every line of the group once with the official colour, in the data language (English fallback)', () => {
    const en = popup('JR-East.Yamanote.Shinjuku', 'en');
    expect(en.names).toEqual(['Shinjuku', 'Shinjuku-nishiguchi']);
    const colours = Object.fromEntries(en.lines.map((l) => [l.name, l.color]));
    expect(colours['Yamanote Line']).toBe('#80C342');
    expect(colours['Marunouchi Line']).toBe('#F62E36');
    expect(new Set(en.lines.map((l) => l.railway)).size).toBe(en.lines.length);
    expect(en.lines.length).toBeGreaterThanOrEqual(10);
    expect(popup('JR-East.Yamanote.Shinjuku', 'ja').names[0]).toBe('新宿');
    expect(popup('JR-East.Yamanote.Shinjuku', 'ko').names[0]).toBe('신주쿠');
    expect(popup('JR-East.Yamanote.Shinjuku', 'ja').japanese).toBe('');
  });

  it('takes the photo URL from the data', () => {
    expect(popup('TokyoMetro.Ginza.Asakusa', 'en').thumbnail).toMatch(/^https:\/\/upload\.wikimedia\.org\/.+Asakusa/);
    expect(popup('TokyoMetro.Tozai.Kudanshita', 'en').thumbnail).toBeUndefined();
  });
});

describe('station popup placement', () => {
  const area = { width: 390, height: 844 };
  const size = { width: 220, height: 130 };
  const clock = { x: 10, y: 10, width: 140, height: 135 };
  const controls = { x: 334, y: 10, width: 46, height: 535 };
  const sheet = { x: 0, y: 538, width: 390, height: 306 };

  it('goes above the station when that covers nothing', () => {
    expect(placePopup({ x: 150, y: 400 }, size, area, [clock, controls, sheet])).toEqual({ left: 40, top: 252 });
  });

  it('goes below the station rather than over the clock, and keeps left of the controls', () => {
    const { left, top } = placePopup({ x: 300, y: 190 }, size, area, [clock, controls, sheet]);
    expect(top).toBe(208);
    expect(left + size.width).toBeLessThanOrEqual(controls.x);
  });
});
