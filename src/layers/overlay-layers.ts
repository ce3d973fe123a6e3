/**
 * The layers drawn over the network once it shows: the trains with their delay
 * markers, and the station names. Their code loads after the first view, as
 * the trains' timetables do.
 */
export { DelayMarkerLayer } from './delay-marker-layer.ts';
export { StationLabelLayer } from './station-label-layer.ts';
export { TrainLayer } from './train-layer.ts';
