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
} as const;
