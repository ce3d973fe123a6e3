/**
 * Shapes of the source data set (Mini Tokyo 3D's data folder layout), as read
 * by the pipeline. Only fields the product uses are listed.
 */

/** Text in several languages, keyed by language code (ja, en, ko, zh-Hans, zh-Hant, fr, ...). */
export type SourceText = Record<string, string>;

export interface SourceRailway {
  id: string;
  title: SourceText;
  stations: string[];
  ascending: string;
  descending: string;
  color: string;
  carComposition: number;
  dynamic?: boolean;
  altitude?: number;
}

export interface SourceStation {
  id: string;
  railway?: string;
  coord?: [number, number];
  title: SourceText;
  utitle?: SourceText;
  altitude?: number;
  exit?: string[];
  thumbnail?: string;
  alternate?: string;
}

export interface SourceUptime {
  open: string;
  close: string;
  calendar?: string;
}

export interface SourcePoi {
  id: string;
  coord: [number, number];
  title: SourceText;
  description?: SourceText;
  facilities?: string[];
  uptime?: SourceUptime[];
}

export interface SourceTitled {
  id: string;
  title: SourceText;
}

export interface SourceVehicle {
  id: string;
  /** One colour, or colours of the body parts. */
  color: string | string[];
}

export interface SourceOperator extends SourceTitled {
  color?: string;
  tailcolor?: string;
}

export interface SourceAirport extends SourceTitled {
  direction?: string;
}

/** End of a subline that joins another railway's track. */
export interface SublineJoin {
  railway?: string;
  offset?: number;
  zoom?: number;
  altitude?: number;
}

export interface SourceSubline {
  type: 'main' | 'sub' | 'hybrid';
  coords: number[][];
  /** A "main" subline's offset at each of its coords, track spacings to the right of its direction (a GTFS city's shared streets). */
  offsets?: number[];
  start?: SublineJoin;
  end?: SublineJoin;
  altitude?: number;
  opacity?: number;
  zoom?: number;
  interpolate?: number;
}

export interface SourceRailwayGeometry {
  id: string;
  color?: string;
  altitude?: number;
  loop?: boolean;
  sublines: SourceSubline[];
}

export interface SourceAirway {
  id: string;
  coords: number[][];
  color?: string;
}

export interface SourceStop {
  s: string;
  a?: string;
  d?: string;
}

export interface SourceTimetable {
  id: string;
  t: string;
  r: string;
  n: string;
  y: string;
  d: string;
  tt: SourceStop[];
  os?: string[];
  ds?: string[];
  pt?: string[];
  nt?: string[];
  nm?: SourceText[];
  v?: string;
}
