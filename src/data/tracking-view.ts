/**
 * Camera viewpoints for tracking a train or plane. Each viewpoint turns the
 * tracked vehicle's position and heading into a camera target; the caller
 * eases towards the target every frame so motion stays smooth at any frame rate.
 */

/** The eight viewpoints. `position` follows the vehicle but leaves zoom, bearing and pitch to the user. */
export const TRACKING_VIEWPOINTS = ['position', 'back', 'topback', 'front', 'topfront', 'helicopter', 'drone', 'bird'] as const;
export type TrackingViewpoint = (typeof TRACKING_VIEWPOINTS)[number];

/** A camera. */
export interface CameraView {
  longitude: number;
  latitude: number;
  zoom: number;
  bearing: number;
  pitch: number;
}

/** Where the tracked vehicle is: its head position and heading (degrees clockwise from north). */
export interface TrackedPose {
  lng: number;
  lat: number;
  bearing: number;
}

interface ViewpointSpec {
  zoom: number;
  pitch: number;
  /** Bearing relative to the vehicle's heading, or null for an orbit. */
  relativeBearing: number | null;
  /** Orbit speed in degrees per second (orbit viewpoints). */
  orbit?: number;
}

const SPECS: Record<Exclude<TrackingViewpoint, 'position'>, ViewpointSpec> = {
  back: { zoom: 17.6, pitch: 82, relativeBearing: 0 },
  topback: { zoom: 16.4, pitch: 60, relativeBearing: 0 },
  front: { zoom: 17.6, pitch: 82, relativeBearing: 180 },
  topfront: { zoom: 16.4, pitch: 60, relativeBearing: 180 },
  helicopter: { zoom: 16, pitch: 60, relativeBearing: null, orbit: 6 },
  drone: { zoom: 17, pitch: 76, relativeBearing: null, orbit: -3 },
  bird: { zoom: 14.6, pitch: 40, relativeBearing: 0 },
};

/** True for viewpoints in which the user cannot pan, zoom, rotate or tilt. */
export function locksCamera(viewpoint: TrackingViewpoint): boolean {
  return viewpoint !== 'position';
}

/** Normalises degrees to (−180, 180]. */
export function wrapBearing(degrees: number): number {
  const b = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return b === -180 ? 180 : b;
}

/**
 * The camera target of a viewpoint. `current` supplies what the viewpoint
 * leaves alone (zoom, bearing, pitch in `position`); `seconds` drives orbits.
 */
export function trackingTarget(viewpoint: TrackingViewpoint, pose: TrackedPose, current: CameraView, seconds: number): CameraView {
  if (viewpoint === 'position') return { ...current, longitude: pose.lng, latitude: pose.lat };
  const spec = SPECS[viewpoint];
  const bearing = spec.relativeBearing === null ? seconds * (spec.orbit ?? 0) : pose.bearing + spec.relativeBearing;
  return { longitude: pose.lng, latitude: pose.lat, zoom: spec.zoom, pitch: spec.pitch, bearing: wrapBearing(bearing) };
}

/**
 * Moves `from` towards `to` by a fraction that depends on the elapsed time
 * (exponential smoothing with time constant `tau` seconds), taking the short
 * way round for the bearing. With `dt` large or `tau` zero it lands on `to`.
 */
export function easeCamera(from: CameraView, to: CameraView, dt: number, tau: number): CameraView {
  const k = tau <= 0 ? 1 : 1 - Math.exp(-Math.max(0, dt) / tau);
  const lerp = (a: number, b: number) => a + (b - a) * k;
  return {
    longitude: lerp(from.longitude, to.longitude),
    latitude: lerp(from.latitude, to.latitude),
    zoom: lerp(from.zoom, to.zoom),
    pitch: lerp(from.pitch, to.pitch),
    bearing: wrapBearing(from.bearing + wrapBearing(to.bearing - from.bearing) * k),
  };
}
