import { getTimes } from 'suncalc';
import { describe, expect, it } from 'vitest';
import { sunPosition, SunInputError, towardsSun } from '../../src/data/light/sun-position.ts';

/**
 * National Astronomical Observatory of Japan (国立天文台 暦計算室), 「日の出入り@東京（東京都）」,
 * https://eco.mtk.nao.ac.jp/koyomi/dni/2026/s1303.html, s1306.html, s1309.html, s1312.html:
 * sunrise / transit / sunset in JST, rounded to the minute; azimuths from north through east and
 * the transit altitude, rounded to 0.1°. Sunrise and sunset are when the sun's upper limb meets the
 * horizon of the old Tokyo Astronomical Observatory (Azabudai, Minato), whose position the
 * observatory's 暦要項 gives as 東経 139°44′28.8869″, 北緯 35°39′29.1572″.
 */
const NAOJ_TOKYO_2026 = [
  { date: '2026-03-20', sunrise: '05:45', riseAzimuth: 89.8, transit: '11:49', transitAltitude: 54.2, sunset: '17:52', setAzimuth: 270.5 },
  { date: '2026-06-21', sunrise: '04:25', riseAzimuth: 60.0, transit: '11:43', transitAltitude: 77.8, sunset: '19:00', setAzimuth: 300.0 },
  { date: '2026-09-23', sunrise: '05:29', riseAzimuth: 89.3, transit: '11:34', transitAltitude: 54.3, sunset: '17:37', setAzimuth: 270.4 },
  { date: '2026-12-22', sunrise: '06:47', riseAzimuth: 118.6, transit: '11:39', transitAltitude: 30.9, sunset: '16:32', setAzimuth: 241.4 },
] as const;

/** NAOJ, https://eco.mtk.nao.ac.jp/koyomi/dni/2024/s1302.html: 29 February 2024 (a leap day). */
const NAOJ_TOKYO_2024_02_29 = { date: '2024-02-29', sunrise: '06:12', transit: '11:54', sunset: '17:35' } as const;

const OLD_TOKYO_OBSERVATORY = { lng: 139 + 44 / 60 + 28.8869 / 3600, lat: 35 + 39 / 60 + 29.1572 / 3600 };
const MINUTE = 60_000;
const jst = (date: string, time: string) => Date.parse(`${date}T${time}:00+09:00`);

/**
 * Apparent altitude of the sun's centre when its upper limb touches the horizon: minus the
 * semi-diameter (16′), less the ≈ 0.09° by which suncalc's refraction model under-bends at
 * the horizon (its source says so where it tunes moonrise against USNO).
 */
const CENTRE_AT_RISE = -16 / 60 - 0.09;

/** First instant (1 s steps) in [from, to] where the sun's altitude crosses `altitude`. */
function crossing(from: number, to: number, altitude: number): number {
  let previous = sunPosition(from, OLD_TOKYO_OBSERVATORY).altitude - altitude;
  for (let t = from + 1000; t <= to; t += 1000) {
    const now = sunPosition(t, OLD_TOKYO_OBSERVATORY).altitude - altitude;
    if (previous * now <= 0) return t;
    previous = now;
  }
  throw new Error(`no crossing of ${altitude}° between ${new Date(from).toISOString()} and ${new Date(to).toISOString()}`);
}

/** Instant of the highest altitude (1 s steps) in [from, to], and that altitude. */
function highest(from: number, to: number): { at: number; altitude: number } {
  let best = { at: from, altitude: -90 };
  for (let t = from; t <= to; t += 1000) {
    const { altitude } = sunPosition(t, OLD_TOKYO_OBSERVATORY);
    if (altitude > best.altitude) best = { at: t, altitude };
  }
  return best;
}

describe('sun position over Tokyo against NAOJ’s published table', () => {
  for (const row of NAOJ_TOKYO_2026) {
    it(`${row.date}: the sun rises, culminates and sets within a minute of the table`, () => {
      const rise = crossing(jst(row.date, row.sunrise) - 10 * MINUTE, jst(row.date, row.sunrise) + 10 * MINUTE, CENTRE_AT_RISE);
      const set = crossing(jst(row.date, row.sunset) - 10 * MINUTE, jst(row.date, row.sunset) + 10 * MINUTE, CENTRE_AT_RISE);
      const top = highest(jst(row.date, row.transit) - 20 * MINUTE, jst(row.date, row.transit) + 20 * MINUTE);
      expect(Math.abs(rise - jst(row.date, row.sunrise))).toBeLessThanOrEqual(MINUTE);
      expect(Math.abs(set - jst(row.date, row.sunset))).toBeLessThanOrEqual(MINUTE);
      expect(Math.abs(top.at - jst(row.date, row.transit))).toBeLessThanOrEqual(MINUTE);
    });

    it(`${row.date}: azimuth at sunrise and sunset, and altitude at transit, match the table`, () => {
      const atRise = sunPosition(jst(row.date, row.sunrise), OLD_TOKYO_OBSERVATORY);
      const atSet = sunPosition(jst(row.date, row.sunset), OLD_TOKYO_OBSERVATORY);
      const atTransit = sunPosition(jst(row.date, row.transit), OLD_TOKYO_OBSERVATORY);
      // Within a minute of rise or set the azimuth moves less than 0.2°; the table rounds to 0.1°.
      expect(Math.abs(atRise.azimuth - row.riseAzimuth)).toBeLessThan(0.2);
      expect(Math.abs(atSet.azimuth - row.setAzimuth)).toBeLessThan(0.2);
      expect(Math.abs(atTransit.altitude - row.transitAltitude)).toBeLessThan(0.1);
      // Just risen or just set: the centre is a little below the horizon.
      for (const altitude of [atRise.altitude, atSet.altitude]) {
        expect(altitude).toBeLessThan(0);
        expect(altitude).toBeGreaterThan(-0.6);
      }
    });
  }

  it('suncalc’s sunrise, solar noon and sunset, which the app relies on, are within a minute of the table', () => {
    for (const row of [...NAOJ_TOKYO_2026, NAOJ_TOKYO_2024_02_29]) {
      const times = getTimes(new Date(jst(row.date, '12:00')), OLD_TOKYO_OBSERVATORY.lat, OLD_TOKYO_OBSERVATORY.lng);
      expect(Math.abs(times.sunrise!.getTime() - jst(row.date, row.sunrise)), `${row.date} sunrise`).toBeLessThanOrEqual(MINUTE);
      expect(Math.abs(times.solarNoon.getTime() - jst(row.date, row.transit)), `${row.date} noon`).toBeLessThanOrEqual(MINUTE);
      expect(Math.abs(times.sunset!.getTime() - jst(row.date, row.sunset)), `${row.date} sunset`).toBeLessThanOrEqual(MINUTE);
    }
  });
});

describe('towardsSun', () => {
  it('points east at an eastern sunrise, south and up at noon, in the map frame (x east, y north, z up)', () => {
    const [x, y, z] = towardsSun({ altitude: 0, azimuth: 90 });
    expect(x).toBeCloseTo(1, 9);
    expect(y).toBeCloseTo(0, 9);
    expect(z).toBeCloseTo(0, 9);
    const noon = towardsSun({ altitude: 30, azimuth: 180 });
    expect(noon[0]).toBeCloseTo(0, 9);
    expect(noon[1]).toBeCloseTo(-Math.cos(Math.PI / 6), 9);
    expect(noon[2]).toBeCloseTo(0.5, 9);
    expect(Math.hypot(...noon)).toBeCloseTo(1, 12);
  });
});

describe('sunPosition input checks', () => {
  it('names the bad date, longitude or latitude', () => {
    expect(() => sunPosition(new Date('not a date'), OLD_TOKYO_OBSERVATORY)).toThrow(SunInputError);
    expect(() => sunPosition(new Date('not a date'), OLD_TOKYO_OBSERVATORY)).toThrow(/sunPosition: the date is invalid/);
    expect(() => sunPosition(0, { lng: Number.NaN, lat: 35 })).toThrow(/longitude must be a number from −180 to 180, got NaN/);
    expect(() => sunPosition(0, { lng: 139, lat: 91 })).toThrow(/latitude must be a number from −90 to 90, got 91/);
  });
});
