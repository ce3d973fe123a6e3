import type { DeckGLRef } from '@deck.gl/react';
import { useEffect, type RefObject } from 'react';
import type { CameraView } from '../../data/tracking-view.ts';
import type { AppStore } from '../../store.ts';
import { chunkFailure } from '../chunk-failure.ts';
import { useAppStore } from '../store-context.ts';
import { TrackingController } from '../tracking-controller.ts';

/**
 * The controllers that move the camera while something is tracked, each started once what it tracks is there:
 * trains (with the train feed), aircraft (with the airplanes), GTFS vehicles (its code loads with the first one
 * tracked).
 */
export function useTrackingCameras(store: AppStore, apply: (view: CameraView) => void, deckRef: RefObject<DeckGLRef | null>): void {
  const trainFeed = useAppStore((s) => s.trainFeed);
  const flights = useAppStore((s) => s.flights);
  const tracksGtfsVehicle = useAppStore((s) => s.selection?.kind === 'gtfs' && s.gtfsLink !== null);

  useEffect(() => {
    if (!trainFeed) return;
    const controller = new TrackingController(store, trainFeed, apply, () => store.getState().viewState.zoom);
    return () => controller.dispose();
  }, [trainFeed, store, apply]);

  useEffect(() => {
    if (!flights) return;
    return flights.startTracking(apply, () => deckRef.current?.deck?.getCanvas()?.clientHeight || window.innerHeight);
  }, [flights, apply, deckRef]);

  useEffect(() => {
    const link = store.getState().gtfsLink;
    if (!tracksGtfsVehicle || !link) return;
    let controller: { dispose(): void } | null = null;
    let cancelled = false;
    import('../gtfs/gtfs-tracking.ts').then(
      ({ GtfsTrackingController }) => {
        if (!cancelled) controller = new GtfsTrackingController(store, link, apply);
      },
      (e: unknown) => store.getState().reportError(...chunkFailure(e)),
    );
    return () => {
      cancelled = true;
      controller?.dispose();
    };
  }, [tracksGtfsVehicle, store, apply]);
}
