import { describe, expect, it } from 'vitest';
import { ODPT_PREFIXES, parseSelectionId, stripOdptPrefix, toOdptId, type ParsedId } from '../../src/data/ids';

describe('stripOdptPrefix', () => {
  it.each([
    ['odpt.Train:JR-East.Yamanote.400G', 'JR-East.Yamanote.400G'],
    ['odpt.Station:TokyoMetro.Ginza.Shibuya', 'TokyoMetro.Ginza.Shibuya'],
    ['odpt.FlightInformationArrival:NAA.NRT.NH832', 'NAA.NRT.NH832'],
    ['odpt.FlightInformationDeparture:JAL.HND.JL163', 'JAL.HND.JL163'],
    ['odpt.Railway:JR-East.Yamanote', 'JR-East.Yamanote'],
    ['ODPT.train:JR-East.Yamanote.400G', 'JR-East.Yamanote.400G'],
    ['JR-East.Yamanote.400G', 'JR-East.Yamanote.400G'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(stripOdptPrefix(input)).toBe(expected);
  });

  it('strips only a leading prefix, once', () => {
    expect(stripOdptPrefix('x odpt.Train:A.B.1')).toBe('x odpt.Train:A.B.1');
    expect(stripOdptPrefix('odpt.Train:odpt.Train:A.B.1')).toBe('odpt.Train:A.B.1');
  });
});

describe('parseSelectionId with prefix', () => {
  it.each<[string, ParsedId]>([
    ['odpt.Train:JR-East.Yamanote.400G', { kind: 'train', id: 'JR-East.Yamanote.400G' }],
    ['odpt.Train:TokyoMetro.Ginza.A1234', { kind: 'train', id: 'TokyoMetro.Ginza.A1234' }],
    ['odpt.Station:JR-East.Yamanote.Tokyo', { kind: 'station', id: 'JR-East.Yamanote.Tokyo' }],
    // the prefix decides, whatever the shape
    ['odpt.Station:Toei.Arakawa.7chome', { kind: 'station', id: 'Toei.Arakawa.7chome' }],
    ['odpt.Train:JR-East.Yamanote.Special', { kind: 'train', id: 'JR-East.Yamanote.Special' }],
    ['odpt.FlightInformationArrival:NAA.NRT.NH832', { kind: 'flight', id: 'NAA.NRT.NH832', direction: 'arrival' }],
    ['odpt.FlightInformationDeparture:HND-TIAT.HND.HA863', { kind: 'flight', id: 'HND-TIAT.HND.HA863', direction: 'departure' }],
    ['ODPT.TRAIN:JR-East.Yamanote.400G', { kind: 'train', id: 'JR-East.Yamanote.400G' }],
    ['  odpt.Train:JR-East.Yamanote.400G  ', { kind: 'train', id: 'JR-East.Yamanote.400G' }],
  ])('%s', (input, expected) => {
    expect(parseSelectionId(input)).toEqual(expected);
  });

  it('does not add a direction to trains and stations', () => {
    expect(parseSelectionId('odpt.Train:JR-East.Yamanote.400G')).not.toHaveProperty('direction');
    expect(parseSelectionId('odpt.Station:JR-East.Yamanote.Tokyo')).not.toHaveProperty('direction');
  });

  it.each([
    'odpt.Train:',
    'odpt.Train:JR-East.Yamanote',
    'odpt.Train:JR-East.Yamanote.400G.Weekday',
    'odpt.Train:JR-East..400G',
    'odpt.Train:JR East.Yamanote.400G',
    'odpt.Station:JR-East.Yamanote.Tōkyō',
    'odpt.Railway:JR-East.Yamanote.Tokyo',
    'odpt.Operator:JR-East.A.B',
    'odpt.TrainX:JR-East.Yamanote.400G',
  ])('rejects %j', (input) => {
    expect(parseSelectionId(input)).toBeNull();
  });
});

describe('parseSelectionId without prefix (shape rule)', () => {
  it.each<[string, ParsedId]>([
    // trains: last part starts with a digit …
    ['JR-East.Yamanote.400G', { kind: 'train', id: 'JR-East.Yamanote.400G' }],
    ['JR-East.ChuoRapid.1301T', { kind: 'train', id: 'JR-East.ChuoRapid.1301T' }],
    ['Odakyu.Odawara.0800', { kind: 'train', id: 'Odakyu.Odawara.0800' }],
    // … or with one or two letters followed by a digit
    ['TokyoMetro.Ginza.A1234', { kind: 'train', id: 'TokyoMetro.Ginza.A1234' }],
    ['TokyoMetro.Tozai.B1045S', { kind: 'train', id: 'TokyoMetro.Tozai.B1045S' }],
    ['TokyoMetro.Marunouchi.T001', { kind: 'train', id: 'TokyoMetro.Marunouchi.T001' }],
    ['Tobu.Tojo.Tk3801', { kind: 'train', id: 'Tobu.Tojo.Tk3801' }],
    // stations: anything else
    ['JR-East.Yamanote.Tokyo', { kind: 'station', id: 'JR-East.Yamanote.Tokyo' }],
    ['TokyoMetro.Ginza.Shibuya', { kind: 'station', id: 'TokyoMetro.Ginza.Shibuya' }],
    ['TWR.Rinkai.TokyoTeleport', { kind: 'station', id: 'TWR.Rinkai.TokyoTeleport' }],
    ['Toei.Arakawa.Arakawa7chome', { kind: 'station', id: 'Toei.Arakawa.Arakawa7chome' }],
    ['Toei.Oedo.Tochomae', { kind: 'station', id: 'Toei.Oedo.Tochomae' }],
    // flights: airport code in the middle and a flight number at the end (no direction)
    ['NAA.NRT.NH832', { kind: 'flight', id: 'NAA.NRT.NH832' }],
    ['HND-TIAT.HND.HA863', { kind: 'flight', id: 'HND-TIAT.HND.HA863' }],
    ['JAL.HND.JL163', { kind: 'flight', id: 'JAL.HND.JL163' }],
    ['NAA.NRT.7G12', { kind: 'flight', id: 'NAA.NRT.7G12' }],
    ['NAA.NRT.ANA106', { kind: 'flight', id: 'NAA.NRT.ANA106' }],
  ])('%s', (input, expected) => {
    const parsed = parseSelectionId(input);
    expect(parsed).toEqual(expected);
    expect(parsed).not.toHaveProperty('direction');
  });

  it('prefers train over flight when the middle part is not an airport code', () => {
    expect(parseSelectionId('JAL.Haneda.JL163')?.kind).toBe('train');
    expect(parseSelectionId('JAL.hnd.JL163')?.kind).toBe('train');
  });

  it('treats three letters before the digits as a station, not a train', () => {
    expect(parseSelectionId('Line.Op.Abc1')?.kind).toBe('station');
  });

  it('is a station when an airport-coded middle part has no flight number', () => {
    expect(parseSelectionId('Keikyu.HND.Terminal')?.kind).toBe('station');
  });

  it.each(['', '   ', 'Tokyo', 'JR-East.Yamanote', 'a.b.c.d', '.Yamanote.400G', 'JR-East.Yamanote.', 'JR-East:Yamanote.400G', 'JR-East.Yama note.400G'])(
    'rejects %j',
    (input) => {
      expect(parseSelectionId(input)).toBeNull();
    },
  );

  it('rejects non-strings', () => {
    expect(parseSelectionId(42 as unknown as string)).toBeNull();
    expect(parseSelectionId(undefined as unknown as string)).toBeNull();
  });
});

describe('toOdptId', () => {
  it('adds the right prefix', () => {
    expect(toOdptId({ kind: 'train', id: 'JR-East.Yamanote.400G' })).toBe('odpt.Train:JR-East.Yamanote.400G');
    expect(toOdptId({ kind: 'station', id: 'JR-East.Yamanote.Tokyo' })).toBe('odpt.Station:JR-East.Yamanote.Tokyo');
    expect(toOdptId({ kind: 'flight', id: 'NAA.NRT.NH832', direction: 'departure' })).toBe(
      'odpt.FlightInformationDeparture:NAA.NRT.NH832',
    );
    expect(toOdptId({ kind: 'flight', id: 'NAA.NRT.NH832', direction: 'arrival' })).toBe('odpt.FlightInformationArrival:NAA.NRT.NH832');
    expect(toOdptId({ kind: 'flight', id: 'NAA.NRT.NH832' })).toBe('odpt.FlightInformationArrival:NAA.NRT.NH832');
  });

  it('round-trips with parseSelectionId', () => {
    for (const full of [
      'odpt.Train:JR-East.Yamanote.400G',
      'odpt.Station:JR-East.Yamanote.Tokyo',
      'odpt.FlightInformationArrival:NAA.NRT.NH832',
      'odpt.FlightInformationDeparture:NAA.NRT.NH831',
    ]) {
      expect(toOdptId(parseSelectionId(full)!)).toBe(full);
    }
  });

  it('exposes the four prefixes', () => {
    expect(Object.values(ODPT_PREFIXES)).toEqual([
      'odpt.Train:',
      'odpt.FlightInformationArrival:',
      'odpt.FlightInformationDeparture:',
      'odpt.Station:',
    ]);
  });
});
