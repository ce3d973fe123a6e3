/** Names of the User Timing marks the app sets, read by `npm run bench`. */
export const PERFORMANCE_MARKS = {
  /** The network bundle has been downloaded. */
  networkFetched: 'tt:network-fetched',
  /** The network bundle has been decoded. */
  networkParsed: 'tt:network-parsed',
  /** Measure from fetched to parsed: decoding time. */
  networkParse: 'tt:network-parse',
  /** The first frame with the network has been drawn. */
  networkDrawn: 'tt:network-drawn',
  /** The base map has finished loading and drawing for the first time. */
  basemapIdle: 'tt:basemap-idle',
  /** Measure (in the train worker): decoding a day's timetable and building its schedule. */
  timetableParse: 'tt:timetable-parse',
  /** The first frame with trains has been drawn. */
  trainsDrawn: 'tt:trains-drawn',
  /** The first frame with aircraft has been drawn. */
  aircraftDrawn: 'tt:aircraft-drawn',
  /** A GTFS data source was handed to the GTFS worker (detail: its id). */
  gtfsRequested: 'tt:gtfs-requested',
  /** A GTFS feed arrived from the worker, parsed (detail: its id). */
  gtfsFeedReceived: 'tt:gtfs-feed-received',
  /** A GTFS feed's route lines were drawn for the first time (detail: its id). */
  gtfsRoutesDrawn: 'tt:gtfs-routes-drawn',
  /** The GTFS vehicles' GPU program was built (see `layers/gtfs-vehicle-program.ts`). */
  gtfsVehicleProgram: 'tt:gtfs-vehicle-program',
  /** A GTFS data source's vehicles were drawn for the first time (detail: its id). */
  gtfsVehiclesDrawn: 'tt:gtfs-vehicles-drawn',
  /** Measure: reading a radar frame's tiles into the rain grid (decoding the PNGs and reading their colours in a worker, then the grid). */
  rainDecode: 'tt:rain-decode',
  /** The first frame with rain has been drawn. */
  rainDrawn: 'tt:rain-drawn',
} as const;
