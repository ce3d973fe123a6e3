/**
 * The exits bundle (`exits.bin`): every station exit of the data set, loaded
 * only when a person first opens a station's exit list. Stations refer to
 * exits by index ({@link StationMeta.exits} in the network bundle).
 *
 * @module
 */
import type { LocalizedText } from './network-format.ts';

/** Opening hours of an exit on some day types, as the source data writes them. */
export interface ExitUptime {
  /** "HH:MM", Japan time. Times before 03:00 belong to the end of the service day. */
  open: string;
  close: string;
  /** Day types it applies to, joined: "Weekday", "Saturday", "Holiday", "WeekdaySaturday", "SaturdayHoliday"; absent for every day. */
  calendar?: string;
}

/** A station exit. */
export interface ExitMeta {
  id: string;
  /** Longitude and latitude of the exit at street level. */
  coord: [number, number];
  /** Short name, e.g. "A1" or "East". */
  title: LocalizedText;
  /** Full name, e.g. "Exit A1" or "East Exit". */
  description?: LocalizedText;
  /** Ways up: "stairs", "ramp", "escalator", "elevator". */
  facilities: string[];
  /** Opening hours; absent when the data gives none. */
  uptime?: ExitUptime[];
}

/** Metadata of the exits bundle (it has no typed-array sections). */
export interface ExitsMeta {
  exits: ExitMeta[];
}

export const EXITS_KIND = 'exits';
