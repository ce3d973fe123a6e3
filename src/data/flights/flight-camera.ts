/**
 * The tracking camera for an aircraft, which may fly kilometres above the
 * ground the map's camera looks at.
 *
 * The map's camera always looks at a point on the ground (MapLibre and deck.gl
 * share longitude, latitude, zoom, bearing and pitch; neither has a camera
 * height of its own that both follow). To keep an aircraft at altitude `h` in
 * the centre of the view, the camera looks at the ground point on the same
 * line of sight: `h · tan(pitch)` metres beyond the aircraft along the
 * bearing. The aircraft is then nearer to the camera than that point by
 * `h / cos(pitch)`, so the zoom is lowered until the camera is as far from the
 * aircraft as a viewpoint's zoom asks for (the aircraft keeps its size on
 * screen as it climbs). The pitch is lowered where needed so the aircraft
 * stays well beyond the camera's near plane (deck.gl clips at a tenth of the
 * viewport height, in the units where the camera is 1.5 heights from the point
 * it looks at) and below the camera.
 *
 * @module
 */
import { trackingTarget, wrapBearing, type CameraView, type TrackingViewpoint } from '../tracking-view.ts';

/** Where the tracked aircraft is. */
export interface AircraftPose {
  lng: number;
  lat: number;
  /** Metres above the ground. */
  altitude: number;
  /** Heading, degrees clockwise from north. */
  bearing: number;
}

/** Zoom levels the viewpoints are moved out by for an aircraft (60 m long) compared with a train (a car is 20 m). */
export const AIRCRAFT_ZOOM_OUT = 1.4;
/** Distance from the camera to the point it looks at, in viewport heights (deck.gl and MapLibre: a 36.87° field of view). */
const CAMERA_DISTANCE = 1.5;
/** The aircraft must be at least this many times the near plane's distance (0.1 heights) from the camera, and no further than this share of the way to the ground point in `position`. */
const NEAR_MARGIN = 1.6;
const POSITION_SHARE = 0.75;
const EARTH_CIRCUMFERENCE = 40_075_016.686;
const DEG = Math.PI / 180;

/** Metres per pixel at a zoom and latitude (512-pixel tiles, as deck.gl). */
export function metresPerPixel(zoom: number, latitude: number): number {
  return (EARTH_CIRCUMFERENCE * Math.cos(latitude * DEG)) / (512 * 2 ** zoom);
}

/**
 * The camera for tracking an aircraft from a viewpoint (see {@link trackingTarget}),
 * for a viewport `height` pixels tall. On the ground (altitude 0) it is the
 * viewpoint's camera `AIRCRAFT_ZOOM_OUT` levels further out (`position`: the
 * user's camera over the aircraft).
 */
export function flightTrackingTarget(viewpoint: TrackingViewpoint, pose: AircraftPose, current: CameraView, seconds: number, height: number): CameraView {
  const base = trackingTarget(viewpoint, pose, current, seconds);
  const h = Math.max(0, pose.altitude);
  const position = viewpoint === 'position';
  // Zoom at the aircraft (the scale it is drawn at), and the camera's distance from it there, metres.
  const zoom = position ? current.zoom : base.zoom - AIRCRAFT_ZOOM_OUT;
  const distance = CAMERA_DISTANCE * height * metresPerPixel(zoom, pose.lat);
  let pitch = base.pitch;
  let groundDistance: number;
  if (position) {
    // The zoom stays the user's: the ground point's distance is fixed, and the aircraft must lie well before it.
    const cosLimit = Math.min(1, h / (POSITION_SHARE * distance));
    pitch = Math.min(pitch, Math.acos(cosLimit) / DEG);
    groundDistance = distance;
  } else {
    // The aircraft stays `distance` from the camera; the ground point is h / cos(pitch) beyond it.
    const nearShare = (NEAR_MARGIN * 0.1) / CAMERA_DISTANCE;
    // distance ≥ nearShare · (distance + h / cos p)  ⇔  cos p ≥ h · nearShare / (distance · (1 − nearShare))
    const cosLimit = Math.min(1, (h * nearShare) / (distance * (1 - nearShare)));
    pitch = Math.min(pitch, Math.acos(cosLimit) / DEG);
    groundDistance = distance + h / Math.cos(pitch * DEG);
  }
  const shift = h * Math.tan(pitch * DEG);
  const bearing = position ? current.bearing : base.bearing;
  const east = shift * Math.sin(bearing * DEG);
  const north = shift * Math.cos(bearing * DEG);
  const metresPerDegreeLat = EARTH_CIRCUMFERENCE / 360;
  const latitude = pose.lat + north / metresPerDegreeLat;
  const longitude = pose.lng + east / (metresPerDegreeLat * Math.cos(pose.lat * DEG));
  const groundZoom = position ? current.zoom : zoom - Math.log2(groundDistance / distance);
  return { longitude, latitude, zoom: groundZoom, pitch, bearing: wrapBearing(bearing) };
}
