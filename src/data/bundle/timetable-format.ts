import type { LocalizedText } from './network-format.ts';

/**
 * A timetable bundle (`timetable-<calendar>.bin`): every train of one day type.
 *
 * Trains share stop patterns (the stations they stop at, and whether each
 * stop has an arrival and/or a departure time). Times are minutes after
 * midnight of the service day, which runs from 03:00 to 03:00, so a train at
 * 00:30 carries 1470.
 */

/** The day types timetables are published for. */
export const CALENDARS = ['weekday', 'saturday', 'holiday'] as const;
export type Calendar = (typeof CALENDARS)[number];

/** Source calendar keys (the part of a timetable id after the train id) that make up each day type. */
export const CALENDAR_SOURCES: Record<Calendar, string[]> = {
  weekday: ['Weekday'],
  saturday: ['Saturday', 'SaturdayHoliday'],
  holiday: ['Holiday', 'SaturdayHoliday'],
};

/** Stop flag bits in the pattern.flags section. */
export const STOP_HAS_ARRIVAL = 1;
export const STOP_HAS_DEPARTURE = 2;

/** Value of an absent small index (type, direction, vehicle). */
export const NO_INDEX_U8 = 255;
export const NO_INDEX_U16 = 65535;

export interface TimetableMeta {
  calendar: Calendar;
  /** Source calendar keys included. */
  sources: string[];
  trainCount: number;
  /** Train numbers (e.g. "400G"), one per train. */
  numbers: string[];
  /** Timetable id suffixes after the train id (e.g. "Weekday", "Weekday.2"), indexed by train.suffix. */
  suffixes: string[];
  /** Train names (limited expresses), sparse: [train index, names]. */
  names: [number, LocalizedText[]][];
}

/** Section names of a timetable bundle. */
export const TIMETABLE_SECTIONS = {
  railway: 'train.railway', // u16
  type: 'train.type', // u16
  direction: 'train.direction', // u8
  vehicle: 'train.vehicle', // u8
  suffix: 'train.suffix', // u8
  pattern: 'train.pattern', // u32
  firstTime: 'train.firstTime', // dvarint
  /** Lists per train (CSR): counts u8 and values varint. */
  originCount: 'train.origin.count',
  origins: 'train.origin',
  destinationCount: 'train.destination.count',
  destinations: 'train.destination',
  previousCount: 'train.previous.count',
  previous: 'train.previous',
  nextCount: 'train.next.count',
  next: 'train.next',
  /** Minutes from each time to the next within a train, varint. */
  timeSteps: 'time.step',
  patternLength: 'pattern.length', // u16
  patternStations: 'pattern.station', // dvarint
  patternFlags: 'pattern.flags', // u8
} as const;

export const TIMETABLE_KIND = 'timetable';
