import { describe, expect, it } from 'vitest';
import { formatHash, hashCoordinatePrecision, normalizeBearing, parseHash, type HashView } from '../../src/data/hash';

describe('normalizeBearing', () => {
  it.each([
    [0, 0],
    [90, 90],
    [180, 180],
    [-180, 180],
    [190, -170],
    [-190, 170],
    [360, 0],
    [-360, 0],
    [540, 180],
    [725, 5],
    [-0, 0],
    [179.5, 179.5],
    [-179.5, -179.5],
  ])('%d → %d', (input, expected) => {
    const out = normalizeBearing(input);
    expect(out).toBeCloseTo(expected, 10);
    expect(Object.is(out, -0)).toBe(false);
  });

  it('keeps results in (-180, 180]', () => {
    for (let b = -1000; b <= 1000; b += 7.5) {
      const n = normalizeBearing(b);
      expect(n).toBeGreaterThan(-180);
      expect(n).toBeLessThanOrEqual(180);
    }
  });
});

describe('parseHash', () => {
  it('parses the five-value app form', () => {
    expect(parseHash('#14/35.6814/139.767/0/60')).toEqual({ zoom: 14, lat: 35.6814, lng: 139.767, bearing: 0, pitch: 60 });
  });

  it('accepts a hash without the leading #', () => {
    expect(parseHash('14/35.6814/139.767/0/60')).toEqual({ zoom: 14, lat: 35.6814, lng: 139.767, bearing: 0, pitch: 60 });
  });

  it('accepts the MapLibre 3-value form with bearing and pitch 0', () => {
    expect(parseHash('#12.5/35.68/139.76')).toEqual({ zoom: 12.5, lat: 35.68, lng: 139.76, bearing: 0, pitch: 0 });
  });

  it('accepts the MapLibre 4-value form with pitch 0', () => {
    expect(parseHash('#12.5/35.68/139.76/-30.5')).toEqual({ zoom: 12.5, lat: 35.68, lng: 139.76, bearing: -30.5, pitch: 0 });
  });

  it('normalises the bearing', () => {
    expect(parseHash('#14/35/139/270/10')?.bearing).toBe(-90);
    expect(parseHash('#14/35/139/-180/10')?.bearing).toBe(180);
    expect(parseHash('#14/35/139/720/10')?.bearing).toBe(0);
  });

  it('accepts boundary values', () => {
    expect(parseHash('#0/-90/-180/0/0')).toEqual({ zoom: 0, lat: -90, lng: -180, bearing: 0, pitch: 0 });
    expect(parseHash('#22/90/180/180/85')).toEqual({ zoom: 22, lat: 90, lng: 180, bearing: 180, pitch: 85 });
  });

  it('accepts signs, leading dots and surrounding whitespace', () => {
    expect(parseHash(' #+14/-.5/139./0/60 ')).toEqual({ zoom: 14, lat: -0.5, lng: 139, bearing: 0, pitch: 60 });
  });

  it('never returns negative zero', () => {
    const v = parseHash('#14/-0/-0/-0/-0')!;
    for (const n of Object.values(v)) expect(Object.is(n, -0)).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['only #', '#'],
    ['whitespace', '   '],
    ['garbage', '#hello'],
    ['two values', '#14/35.68'],
    ['six values', '#14/35.68/139.76/0/60/1'],
    ['empty value', '#14//139.76/0/60'],
    ['trailing slash', '#14/35.68/139.76/0/60/'],
    ['non-numeric value', '#14/35.68/abc/0/60'],
    ['hex number', '#0x10/35.68/139.76'],
    ['NaN', '#NaN/35.68/139.76'],
    ['Infinity bearing', '#14/35.68/139.76/Infinity/0'],
    ['inner whitespace', '#14/ 35.68/139.76'],
    ['query-like tail', '#14/35.68/139.76/0/60?x=1'],
    ['named MapLibre hash', '#map=14/35.68/139.76'],
    ['zoom below 0', '#-1/35.68/139.76/0/60'],
    ['zoom above 22', '#22.01/35.68/139.76/0/60'],
    ['lat below -90', '#14/-90.1/139.76/0/60'],
    ['lat above 90', '#14/91/139.76/0/60'],
    ['lng below -180', '#14/35.68/-180.5/0/60'],
    ['lng above 180', '#14/35.68/181/0/60'],
    ['pitch below 0', '#14/35.68/139.76/0/-1'],
    ['pitch above 85', '#14/35.68/139.76/0/85.5'],
    ['huge exponent', '#1e400/35.68/139.76'],
  ])('rejects %s', (_label, hash) => {
    expect(parseHash(hash)).toBeNull();
  });

  it('rejects non-strings', () => {
    expect(parseHash(undefined as unknown as string)).toBeNull();
    expect(parseHash(14 as unknown as string)).toBeNull();
  });
});

describe('hashCoordinatePrecision', () => {
  it('follows MapLibre: 1 decimal at zoom 0, 5 at zoom 14, 8 at zoom 22', () => {
    expect(hashCoordinatePrecision(0)).toBe(1);
    expect(hashCoordinatePrecision(10)).toBe(4);
    expect(hashCoordinatePrecision(14)).toBe(5);
    expect(hashCoordinatePrecision(22)).toBe(8);
  });

  it('never decreases with zoom', () => {
    let last = 0;
    for (let z = 0; z <= 22; z += 0.25) {
      const p = hashCoordinatePrecision(z);
      expect(p).toBeGreaterThanOrEqual(last);
      last = p;
    }
  });
});

describe('formatHash', () => {
  it('formats the default Tokyo Station view', () => {
    expect(formatHash({ zoom: 14, lat: 35.6814, lng: 139.767, bearing: 0, pitch: 60 })).toBe('#14/35.6814/139.767/0/60');
  });

  it('rounds zoom to 2 decimals and lat/lng by zoom', () => {
    expect(formatHash({ zoom: 14.12345, lat: 35.68123456, lng: 139.76712345, bearing: 0, pitch: 60 })).toBe(
      '#14.12/35.68123/139.76712/0/60',
    );
    expect(formatHash({ zoom: 3, lat: 35.68123456, lng: 139.76712345, bearing: 0, pitch: 0 })).toBe('#3/35.68/139.77/0/0');
    expect(formatHash({ zoom: 0, lat: 35.68123456, lng: 139.76712345, bearing: 0, pitch: 0 })).toBe('#0/35.7/139.8/0/0');
    expect(formatHash({ zoom: 22, lat: 35.681234567, lng: 139.767123456, bearing: 0, pitch: 0 })).toBe(
      '#22/35.68123457/139.76712346/0/0',
    );
  });

  it('rounds bearing and pitch to at most 1 decimal', () => {
    expect(formatHash({ zoom: 14, lat: 35, lng: 139, bearing: 12.345, pitch: 45.678 })).toBe('#14/35/139/12.3/45.7');
    expect(formatHash({ zoom: 14, lat: 35, lng: 139, bearing: -12.35, pitch: 0.04 })).toBe('#14/35/139/-12.3/0');
  });

  it('normalises the bearing, including rounding up to -180', () => {
    expect(formatHash({ zoom: 14, lat: 35, lng: 139, bearing: 270, pitch: 0 })).toBe('#14/35/139/-90/0');
    expect(formatHash({ zoom: 14, lat: 35, lng: 139, bearing: -179.96, pitch: 0 })).toBe('#14/35/139/180/0');
    expect(formatHash({ zoom: 14, lat: 35, lng: 139, bearing: -180, pitch: 0 })).toBe('#14/35/139/180/0');
  });

  it('trims trailing zeros and never uses exponent notation', () => {
    expect(formatHash({ zoom: 14.5, lat: 35.5, lng: 139.1, bearing: 10, pitch: 60 })).toBe('#14.5/35.5/139.1/10/60');
    expect(formatHash({ zoom: 22, lat: 0.00000001, lng: -0.00000002, bearing: 0.0000001, pitch: 0 })).toBe('#22/0.00000001/-0.00000002/0/0');
  });

  it('writes 0 rather than -0', () => {
    expect(formatHash({ zoom: 14, lat: -0.000001, lng: -0, bearing: -0.01, pitch: -0 })).toBe('#14/0/0/0/0');
  });

  it('clamps zoom, lat and pitch and wraps lng into range', () => {
    expect(formatHash({ zoom: 30, lat: 95, lng: 190, bearing: 0, pitch: 90 })).toBe('#22/90/-170/0/85');
    expect(formatHash({ zoom: -1, lat: -95, lng: -190, bearing: 0, pitch: -5 })).toBe('#0/-90/170/0/0');
    expect(formatHash({ zoom: 5, lat: 0, lng: 540, bearing: 0, pitch: 0 })).toBe('#5/0/180/0/0');
  });

  it('throws on non-finite values', () => {
    expect(() => formatHash({ zoom: NaN, lat: 0, lng: 0, bearing: 0, pitch: 0 })).toThrow(RangeError);
    expect(() => formatHash({ zoom: 1, lat: Infinity, lng: 0, bearing: 0, pitch: 0 })).toThrow('lat is not a finite number');
    expect(() => formatHash({ zoom: 1, lat: 0, lng: 0, bearing: 0, pitch: undefined as unknown as number })).toThrow(
      'pitch is not a finite number',
    );
  });
});

describe('round trips', () => {
  const views: HashView[] = [
    { zoom: 14, lat: 35.6814, lng: 139.767, bearing: 0, pitch: 60 },
    { zoom: 0, lat: -90, lng: -180, bearing: 180, pitch: 0 },
    { zoom: 22, lat: 90, lng: 180, bearing: -179.9, pitch: 85 },
    { zoom: 10.25, lat: 35.1234, lng: 139.9876, bearing: 45.5, pitch: 30.5 },
    { zoom: 17.5, lat: -33.868, lng: 151.209, bearing: -90, pitch: 72.3 },
  ];

  it.each(views.map((v) => [formatHash(v), v] as const))('parse(format(v)) = v for %s', (hash, view) => {
    expect(parseHash(hash)).toEqual(view);
  });

  it('format(parse(h)) = h for canonical hashes', () => {
    for (const h of ['#14/35.6814/139.767/0/60', '#0/0/0/0/0', '#22/35.12345678/139.12345678/-12.5/84.9', '#5.5/-12.345/67.891/180/45']) {
      expect(formatHash(parseHash(h)!)).toBe(h);
    }
  });

  it('format is idempotent through parse for pseudo-random views', () => {
    let seed = 12345;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 500; i++) {
      const view: HashView = {
        zoom: rand() * 22,
        lat: rand() * 180 - 90,
        lng: rand() * 360 - 180,
        bearing: rand() * 720 - 360,
        pitch: rand() * 85,
      };
      const hash = formatHash(view);
      const parsed = parseHash(hash);
      expect(parsed, hash).not.toBeNull();
      expect(formatHash(parsed!)).toBe(hash);
      const precision = hashCoordinatePrecision(parsed!.zoom);
      expect(Math.abs(parsed!.lat - view.lat)).toBeLessThanOrEqual(0.5 / 10 ** precision + 1e-12);
      expect(Math.abs(parsed!.lng - view.lng)).toBeLessThanOrEqual(0.5 / 10 ** precision + 1e-12);
      expect(Math.abs(parsed!.zoom - view.zoom)).toBeLessThanOrEqual(0.005 + 1e-12);
      expect(Math.abs(parsed!.pitch - view.pitch)).toBeLessThanOrEqual(0.05 + 1e-12);
    }
  });
});
