/**
 * The network bundle (`network.bin`): everything but timetables. Its JSON
 * metadata is {@link NetworkMeta}; track and station geometry are typed-array
 * sections (see {@link VERTEX_SECTIONS}).
 */

/** Text by data language (ja, en, ko, zh-Hans, zh-Hant, fr; not all are always present). */
export type LocalizedText = Partial<Record<string, string>>;

/** A zoom interval [minZoom, maxZoom). */
export interface ZoomRange {
  minZoom: number;
  maxZoom: number;
}

/** Route of a railway valid for a zoom range. */
export interface RailwayVariantMeta extends ZoomRange {
  /** Indices into the piece table, in route order. */
  pieces: number[];
  /** Ground metres along the route (at zoom 14) of each entry of the railway's station list. */
  stationOffsets: number[];
  /** Route length, ground metres. */
  length: number;
}

export interface RailwayMeta {
  id: string;
  title: LocalizedText;
  color: string;
  /** Station indices in "ascending" order. */
  stations: number[];
  /** Rail-direction indices of the two directions. */
  ascending: number;
  descending: number;
  carComposition: number;
  /** Real-time positions are published for this line. */
  dynamic: boolean;
  /** The whole line runs underground. */
  underground: boolean;
  loop: boolean;
  variants: RailwayVariantMeta[];
}

export interface StationMeta {
  id: string;
  /** Railway index, or -1 for stations outside the drawn network (destinations beyond it). */
  railway: number;
  title: LocalizedText;
  /** Disambiguated title where the plain one is shared by several places. */
  utitle?: LocalizedText;
  coord?: [number, number];
  /** Negative when underground. */
  altitude: number;
  /** Indices into the exits bundle (see `exits-format.ts`), loaded when a person first opens an exit list. */
  exits: number[];
  thumbnail?: string;
  /** Index of the station this one is an alias of. */
  alternate?: number;
  /** Index of the physical station (shape) this station belongs to, or -1. */
  shape: number;
}

/** One physical station: stations of several lines that share a building and a name. */
export interface StationShapeMeta {
  stations: number[];
  /** Transfer group index. */
  group: number;
  underground: boolean;
  /** Member positions per zoom range: `start`/`count` into the station point sections. */
  variants: (ZoomRange & { start: number; count: number })[];
}

/** Stations connected for transfers (shapes drawn with connectors between them). */
export interface StationGroupMeta {
  shapes: number[];
}

export interface NamedMeta {
  id: string;
  title: LocalizedText;
}

export interface OperatorMeta extends NamedMeta {
  color?: string;
  tailColor?: string;
}

export interface AirportMeta extends NamedMeta {
  direction?: string;
}

export interface VehicleMeta {
  id: string;
  colors: string[];
}

export interface AirwayMeta {
  id: string;
  color?: string;
  /** [lng, lat, metres] */
  coords: [number, number, number][];
}

/** A piece of track valid for a zoom range: `start`/`count` into the track vertex sections. */
export interface PieceMeta extends ZoomRange {
  railway: number;
  start: number;
  count: number;
}

export interface NetworkMeta {
  builtAt: string;
  /** Last modification of the source data (ISO 8601). */
  sourceModified: string;
  railways: RailwayMeta[];
  pieces: PieceMeta[];
  stations: StationMeta[];
  shapes: StationShapeMeta[];
  groups: StationGroupMeta[];
  trainTypes: NamedMeta[];
  trainVehicles: VehicleMeta[];
  railDirections: NamedMeta[];
  operators: OperatorMeta[];
  airports: AirportMeta[];
  flightStatuses: NamedMeta[];
  airways: AirwayMeta[];
}

/** Fixed-point scales of the vertex sections. */
export const COORD_SCALE = 1e7; // degrees
export const OFFSET_SCALE = 1e3; // track-spacing units

/** Section names of a vertex block with the given prefix. */
export const VERTEX_SECTIONS = (prefix: string) =>
  ({
    lng: `${prefix}.lng`,
    lat: `${prefix}.lat`,
    vx: `${prefix}.vx`,
    vy: `${prefix}.vy`,
    vz: `${prefix}.vz`,
    opacity: `${prefix}.opacity`,
  }) as const;

export const NETWORK_KIND = 'network';
