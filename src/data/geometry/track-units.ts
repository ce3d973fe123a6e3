/**
 * The units the track geometry is laid out in, shared by the bundle's track
 * offsets, the workers' train frames and the layers' shaders.
 *
 * @module
 */

/** Mercator metres between parallel tracks at zoom 14 (about 25 px on screen at Tokyo's latitude). */
export const TRACK_SPACING_METRES = 120;
/** Depth of one underground level at zoom 14, metres. */
export const TRACK_DEPTH_METRES = 100;
/** Common (deck.gl world) units per Web Mercator metre. */
export const COMMON_UNITS_PER_MERCATOR_METRE = 512 / (2 * Math.PI * 6378137);

/** Ground metres per degree of latitude (and of longitude at the equator) on the Web Mercator sphere. */
export const METRES_PER_DEGREE = (Math.PI / 180) * 6378137;
