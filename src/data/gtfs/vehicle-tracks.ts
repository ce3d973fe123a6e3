/**
 * The vehicles of a realtime feed as drawn between polls: each new report
 * starts a motion from where the vehicle is drawn at that moment to the
 * reported point, lasting one poll interval, so vehicles move continuously
 * and reach each reported point as the next report is due.
 *
 * @module
 */
import type { GtfsFeed } from './feed-model.ts';
import type { MatchedVehicle } from './vehicle-positions.ts';
import { planMotion, poseAt, type VehicleMotion, type VehiclePose } from './vehicle-motion.ts';

/** A vehicle and its motion. */
interface Track {
  vehicle: MatchedVehicle;
  motion: VehicleMotion;
}

/** A vehicle and where to draw it. */
export interface TrackedVehicle {
  vehicle: MatchedVehicle;
  pose: VehiclePose;
}

/** Motions of the vehicles of one realtime feed, keyed by vehicle id. */
export class VehicleTracks {
  private readonly tracks = new Map<string, Track>();

  constructor(
    private readonly feed: Pick<GtfsFeed, 'trips' | 'shapes'>,
    /** How long a motion lasts, ms: the poll interval. */
    private readonly durationMs: number,
  ) {}

  /** Number of vehicles tracked. */
  get size(): number {
    return this.tracks.size;
  }

  /**
   * Takes the vehicles of a new report received at `receivedAt` (epoch ms).
   * A vehicle on the same trip as before continues from where it is drawn;
   * a new vehicle, or one that changed trip, appears at its reported point;
   * vehicles missing from the report are dropped.
   */
  update(vehicles: readonly MatchedVehicle[], receivedAt: number): void {
    const seen = new Set<string>();
    for (const vehicle of vehicles) {
      seen.add(vehicle.vehicleId);
      const shape = this.shapeOf(vehicle);
      const target = { lng: vehicle.lng, lat: vehicle.lat, time: receivedAt + this.durationMs, bearing: vehicle.bearing };
      const old = this.tracks.get(vehicle.vehicleId);
      let motion: VehicleMotion;
      if (old && old.vehicle.trip === vehicle.trip) {
        const now = poseAt(shape, old.motion, receivedAt);
        motion = planMotion(shape, { lng: now.lng, lat: now.lat, time: receivedAt, bearing: now.bearing }, target, now.distance ?? undefined);
      } else {
        motion = planMotion(shape, null, { ...target, time: receivedAt });
      }
      this.tracks.set(vehicle.vehicleId, { vehicle, motion });
    }
    for (const id of [...this.tracks.keys()]) if (!seen.has(id)) this.tracks.delete(id);
  }

  /** Every vehicle and its pose at `time` (epoch ms). */
  poses(time: number): TrackedVehicle[] {
    const result: TrackedVehicle[] = [];
    for (const { vehicle, motion } of this.tracks.values()) result.push({ vehicle, pose: poseAt(this.shapeOf(vehicle), motion, time) });
    return result;
  }

  /** One vehicle and its pose at `time`, or null when it is not tracked. */
  pose(vehicleId: string, time: number): TrackedVehicle | null {
    const track = this.tracks.get(vehicleId);
    return track ? { vehicle: track.vehicle, pose: poseAt(this.shapeOf(track.vehicle), track.motion, time) } : null;
  }

  /** Every vehicle and its current motion (to draw elsewhere with {@link poseAt}). */
  motions(): { vehicle: MatchedVehicle; motion: VehicleMotion }[] {
    return [...this.tracks.values()].map(({ vehicle, motion }) => ({ vehicle, motion }));
  }

  /** Forgets every vehicle. */
  clear(): void {
    this.tracks.clear();
  }

  private shapeOf(vehicle: MatchedVehicle) {
    const index = this.feed.trips[vehicle.trip]?.shape ?? -1;
    return index >= 0 ? this.feed.shapes[index] : null;
  }
}
