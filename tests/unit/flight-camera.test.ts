/** The tracking camera of an aircraft in the air: the aircraft stays in the centre, at its size, in front of the near plane. */
import { WebMercatorViewport } from '@math.gl/web-mercator';
import { describe, expect, it } from 'vitest';
import { flightTrackingTarget, metresPerPixel } from '../../src/data/flights/flight-camera.ts';
import { TRACKING_VIEWPOINTS, type CameraView } from '../../src/data/tracking-view.ts';

const WIDTH = 1280;
const HEIGHT = 720;
const CURRENT: CameraView = { longitude: 139.78, latitude: 35.55, zoom: 14, bearing: 20, pitch: 60 };

function viewport(view: CameraView) {
  return new WebMercatorViewport({ width: WIDTH, height: HEIGHT, ...view, nearZMultiplier: 0.1, farZMultiplier: 3 });
}

/** Where the point is drawn, and its depth in clip space (−1 near … 1 far; outside: clipped). */
function screen(view: CameraView, lng: number, lat: number, altitude: number) {
  const vp = viewport(view);
  const [x, y, z] = vp.project([lng, lat, altitude]);
  return { x, y, z };
}

describe('tracking an aircraft', () => {
  const pose = { lng: 139.8, lat: 35.55, bearing: 50 };

  it('on the runway: the train viewpoint, zoomed out for the larger vehicle', () => {
    const view = flightTrackingTarget('back', { ...pose, altitude: 0 }, CURRENT, 0, HEIGHT);
    expect(view).toMatchObject({ longitude: pose.lng, latitude: pose.lat, bearing: 50, pitch: 82 });
    expect(view.zoom).toBeCloseTo(17.6 - 1.4, 6);
  });

  for (const altitude of [300, 1000, 3000]) {
    it(`at ${altitude} m: every viewpoint keeps the aircraft in the centre, at the same distance, in front of the near plane`, () => {
      for (const mode of TRACKING_VIEWPOINTS) {
        const view = flightTrackingTarget(mode, { ...pose, altitude }, CURRENT, 3, HEIGHT);
        const at = screen(view, pose.lng, pose.lat, altitude);
        expect(Math.abs(at.x - WIDTH / 2), `${mode} x`).toBeLessThan(8); // about 1 % of the view: the mercator scale changes over the kilometres between aircraft and ground point
        expect(Math.abs(at.y - HEIGHT / 2), `${mode} y`).toBeLessThan(8);
        // Depth along the line of sight (view space) of the aircraft and of the ground point the camera looks at.
        const vp = viewport(view);
        const depth = (lng: number, lat: number, alt: number) => {
          const [x, y, z] = vp.projectPosition([lng, lat, alt]);
          const m = vp.viewMatrix as unknown as number[];
          return -(m[2] * x + m[6] * y + m[10] * z + m[14]);
        };
        const ratio = depth(pose.lng, pose.lat, altitude) / depth(view.longitude, view.latitude, 0);
        expect(ratio, `${mode}: the aircraft lies between the camera and the ground point`).toBeLessThan(1);
        // Near plane at 0.1 viewport heights, the camera 1.5 heights from the ground point: the aircraft stays well past it (the camera aims for 1.6 ×).
        expect(ratio, `${mode}: in front of the near plane`).toBeGreaterThan((1.5 * 0.1) / 1.5);
        if (mode !== 'position') {
          // Drawn at the size the viewpoint gives it on the ground: 60 m across the line of sight.
          const spec = flightTrackingTarget(mode, { ...pose, altitude: 0 }, CURRENT, 3, HEIGHT);
          const side = (view.bearing + 90) * (Math.PI / 180);
          const dLng = (30 * Math.sin(side)) / (111_319.49 * Math.cos(pose.lat * (Math.PI / 180)));
          const dLat = (30 * Math.cos(side)) / 111_319.49;
          const a = screen(view, pose.lng - dLng, pose.lat - dLat, altitude);
          const b = screen(view, pose.lng + dLng, pose.lat + dLat, altitude);
          expect(Math.hypot(a.x - b.x, a.y - b.y) / (60 / metresPerPixel(spec.zoom, pose.lat)), `${mode}: size as on the ground`).toBeCloseTo(1, 1);
        }
      }
    });
  }

  it('follows the heading in back and front views, and lowers the pitch when the aircraft climbs high', () => {
    const low = flightTrackingTarget('back', { ...pose, altitude: 500 }, CURRENT, 0, HEIGHT);
    const high = flightTrackingTarget('back', { ...pose, altitude: 3000 }, CURRENT, 0, HEIGHT);
    expect(low.bearing).toBe(50);
    expect(flightTrackingTarget('front', { ...pose, altitude: 500 }, CURRENT, 0, HEIGHT).bearing).toBe(-130);
    expect(high.pitch).toBeLessThan(low.pitch);
    expect(high.zoom).toBeLessThan(low.zoom);
  });
});
