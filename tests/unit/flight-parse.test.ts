import { describe, expect, it } from 'vitest';
import { bareFlightId, nearestInstant, parseFlightInformation, parseTimeOfDay, type FlightInfo } from '../../src/data/flights/index.ts';
import { parseSelectionId, toOdptId } from '../../src/data/ids.ts';
import { OdptResponseError } from '../../src/data/realtime/odpt-parse.ts';
import { readFixture } from './fixtures/flights/real-model.ts';

const context = { source: 'test answer' };
const at = (iso: string) => Date.parse(iso);
const arrivals = parseFlightInformation(readFixture('arrivals.json'), 'arrival', context);
const departures = parseFlightInformation(readFixture('departures.json'), 'departure', context);
const byId = (list: FlightInfo[], id: string) => list.find((f) => f.id === id)!;

describe('flight information records in the real format', () => {
  it('reads every record of the fixtures without problems', () => {
    expect(arrivals.problems).toEqual([]);
    expect(departures.problems).toEqual([]);
    expect(arrivals.records.map((r) => r.id)).toEqual([
      'NAA.NRT.NH832',
      'HND-TIAT.HND.HA863',
      'HND-JAT.HND.JL502',
      'HND-JAT.HND.HD12',
      'HND-JAT.HND.NH4712',
      'HND-JAT.HND.BC502',
      'HND-JAT.HND.NH242',
    ]);
    expect(departures.records).toHaveLength(5);
  });

  it('normalises an arrival: ids without prefixes, times as instants of the record day', () => {
    expect(byId(arrivals.records, 'NAA.NRT.NH832')).toEqual({
      id: 'NAA.NRT.NH832',
      kind: 'arrival',
      operator: 'NAA',
      airport: 'NRT',
      airline: 'ANA',
      flightNumbers: ['NH832'],
      status: 'Arrived',
      scheduledTime: at('2026-11-18T07:45:00+09:00'),
      actualTime: at('2026-11-18T07:48:00+09:00'),
      otherAirport: 'SGN',
      viaAirports: [],
      terminal: 'NRT.Terminal1',
      gate: '27',
      aircraftType: '788',
      date: at('2026-11-18T08:02:11+09:00'),
      valid: at('2026-11-18T08:07:11+09:00'),
    });
  });

  it('keeps code-share numbers after the operating flight, and cancelled, diverted and changed flights with their status', () => {
    expect(byId(arrivals.records, 'HND-TIAT.HND.HA863')).toMatchObject({ flightNumbers: ['HA863', 'JL6415'], status: 'Cancelled', airline: 'HAL', otherAirport: 'HNL' });
    expect(byId(arrivals.records, 'HND-JAT.HND.BC502')).toMatchObject({ status: 'Diverted', otherAirport: 'ITM' });
    expect(byId(departures.records, 'NAA.NRT.CX527')).toMatchObject({ flightNumbers: ['CX527', 'JL7045'], status: 'Takeoff', otherAirport: 'HKG', gate: '85' });
    expect(byId(departures.records, 'HND-JAT.HND.BC11')).toMatchObject({
      status: 'DestinationChanged',
      estimatedTime: at('2026-11-18T08:25:00+09:00'),
      viaAirports: ['ITM'],
      otherAirport: 'KOJ',
    });
  });

  it('treats explicit nulls of optional fields as absent', () => {
    const jl502 = byId(arrivals.records, 'HND-JAT.HND.JL502');
    expect(jl502.actualTime).toBeUndefined();
    expect(jl502.viaAirports).toEqual([]);
    expect(jl502.estimatedTime).toBe(at('2026-11-18T08:35:00+09:00'));
  });

  it('lists code-shares given in odpt:sharedFlightNumber too, without repeats', () => {
    const record = { ...(readFixture('departures.json') as object[])[1], 'odpt:sharedFlightNumber': ['JL163', 'AA5802'] };
    expect(parseFlightInformation([record], 'departure', context).records[0].flightNumbers).toEqual(['JL163', 'AA5802']);
  });
});

describe('malformed flight records', () => {
  const result = parseFlightInformation(readFixture('malformed.json'), 'arrival', context);

  it('skips each bad record with one message naming the source, record, id and every field at fault', () => {
    expect(result.problems).toEqual([
      'test answer: record 0 (odpt.FlightInformationArrival:HND-JAT.HND.JL104) skipped: field "odpt:scheduledArrivalTime" must be a time of day "HH:MM", got string "25:70".',
      'test answer: record 1 (odpt.FlightInformationArrival:HND-JAT.HND.NH18) skipped: field "odpt:flightNumber" must be a non-empty array of flight numbers such as ["NH832"], got string "NH18".',
      'test answer: record 2 (odpt.FlightInformationDeparture:HND-JAT.HND.JL109) skipped: field "@type" must be "odpt:FlightInformationArrival", got string "odpt:FlightInformationDeparture"; field "owl:sameAs" must be an id "odpt.FlightInformationArrival:{operator}.{airport}.{flight number}", got string "odpt.FlightInformationDeparture:HND-JAT.HND.JL109"; field "odpt:arrivalAirport" is missing; field "odpt:scheduledArrivalTime" is missing.',
      'test answer: record 3 (odpt.FlightInformationArrival:NAA.NRT.JL5) skipped: field "owl:sameAs" names airport "NRT" but odpt:arrivalAirport is "HND".',
      'test answer: record 4 (odpt.Train:HND-JAT.HND.JL7) skipped: field "owl:sameAs" must be an id "odpt.FlightInformationArrival:{operator}.{airport}.{flight number}", got string "odpt.Train:HND-JAT.HND.JL7".',
      'test answer: record 5 (HND-JAT.HND.JL9) kept without the bad field(s): field "odpt:estimatedArrivalTime" must be a time of day "HH:MM", got number 830; field "odpt:flightStatus" must be a status id "odpt.FlightStatus:Arrived", got string "Arrived!"; field "odpt:originAirport" must be an airport id "odpt.Airport:CTS", got string "odpt.Station:Osaka".',
      'test answer: record 6 skipped: expected an object, got string "not a record".',
    ]);
  });

  it('keeps the rest: the record with only bad optional fields, its id given without prefix', () => {
    expect(result.records).toHaveLength(1);
    expect(result.records[0]).toMatchObject({ id: 'HND-JAT.HND.JL9', airline: 'JAL', scheduledTime: at('2026-11-18T08:30:00+09:00') });
    expect(result.records[0].status).toBeUndefined();
    expect(result.records[0].otherAirport).toBeUndefined();
  });

  it('rejects a whole answer that is not an array', () => {
    expect(() => parseFlightInformation({ message: 'x' }, 'departure', context)).toThrow(OdptResponseError);
    expect(() => parseFlightInformation({ message: 'x' }, 'departure', context)).toThrow(
      'test answer: expected a JSON array of odpt:FlightInformationDeparture records at the top level, got an object.',
    );
  });
});

describe('flight ids', () => {
  it('accepts the prefix of its own kind or none, and gives the id without prefix', () => {
    expect(bareFlightId('odpt.FlightInformationArrival:HND-TIAT.HND.HA863', 'arrival')).toBe('HND-TIAT.HND.HA863');
    expect(bareFlightId('HND-TIAT.HND.HA863', 'arrival')).toBe('HND-TIAT.HND.HA863');
    expect(bareFlightId('odpt.flightinformationdeparture:NAA.NRT.9W4807', 'departure')).toBe('NAA.NRT.9W4807');
    expect(bareFlightId('odpt.FlightInformationDeparture:NAA.NRT.9W4807', 'arrival')).toBeNull();
    expect(bareFlightId('NAA.Narita.NH832', 'arrival')).toBeNull();
    expect(bareFlightId('NAA.NRT.NH83245', 'arrival')).toBeNull();
    expect(bareFlightId('NAA.NRT', 'arrival')).toBeNull();
  });

  it('round-trips through the selection id helpers of the app', () => {
    const id = arrivals.records[0].id;
    expect(parseSelectionId(id)).toEqual({ kind: 'flight', id });
    const prefixed = toOdptId({ kind: 'flight', id, direction: 'arrival' });
    expect(prefixed).toBe('odpt.FlightInformationArrival:NAA.NRT.NH832');
    expect(parseSelectionId(prefixed)).toEqual({ kind: 'flight', id, direction: 'arrival' });
  });
});

describe('times of day without a date', () => {
  it('parses HH:MM and HH:MM:SS and rejects other forms', () => {
    expect(parseTimeOfDay('07:45')).toBe(7 * 3600 + 45 * 60);
    expect(parseTimeOfDay('24:10:05')).toBe(24 * 3600 + 10 * 60 + 5);
    for (const bad of ['7:45', '07:60', '30:00', '0745', '07:45+09:00', '']) expect(parseTimeOfDay(bad), bad).toBeNull();
  });

  it('takes the day nearest to the reference, across midnight both ways', () => {
    expect(nearestInstant(parseTimeOfDay('23:50')!, at('2026-11-18T00:10:00+09:00'))).toBe(at('2026-11-17T23:50:00+09:00'));
    expect(nearestInstant(parseTimeOfDay('00:20')!, at('2026-11-17T23:50:00+09:00'))).toBe(at('2026-11-18T00:20:00+09:00'));
    expect(nearestInstant(parseTimeOfDay('12:00')!, at('2026-11-18T08:00:00+09:00'))).toBe(at('2026-11-18T12:00:00+09:00'));
  });

  it('dates an estimate past midnight the day after its schedule', () => {
    const record = { ...(readFixture('departures.json') as object[])[4], 'odpt:scheduledDepartureTime': '23:40', 'odpt:estimatedDepartureTime': '00:15', 'dc:date': '2026-11-18T23:30:00+09:00' };
    const [flight] = parseFlightInformation([record], 'departure', context).records;
    expect(flight.scheduledTime).toBe(at('2026-11-18T23:40:00+09:00'));
    expect(flight.estimatedTime).toBe(at('2026-11-19T00:15:00+09:00'));
  });
});
