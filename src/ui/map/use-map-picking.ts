import type { Deck, PickingInfo, View } from '@deck.gl/core';
import type { DeckGLRef } from '@deck.gl/react';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { vehicleLayerId } from '../../data/gtfs/feed-view.ts';
import type { AppStore } from '../../store.ts';
import { useMapClick } from '../use-map-click.ts';
import { clickAt, MapPointer, targetOf } from './map-pointer.ts';

/** Tracks whether the last press on the page was a touch (clicks and taps reach the map as the same picks). */
function watchPointerKind(): { readonly touch: boolean; dispose(): void } {
  const state = { touch: false, dispose: () => window.removeEventListener('pointerdown', onDown, true) };
  const onDown = (event: PointerEvent) => {
    state.touch = event.pointerType === 'touch' || event.pointerType === 'pen';
  };
  window.addEventListener('pointerdown', onDown, true);
  return state;
}

/**
 * While the pointer rests on something moving, what is under it is picked again this often, ms: a train that drives
 * away, or a map that pans under a still pointer, takes its popup with it. (A pick reads the overlay's pixels back,
 * which waits for the GPU: once a second, not every frame.)
 */
const REPICK_MS = 1000;

/** What the map's deck.gl canvas is given for the pointer. */
export interface MapPicking {
  onHover: (info: PickingInfo) => void;
  getCursor: (state: { isDragging: boolean }) => string;
}

/**
 * The pointer on the map: what moves is picked on the overlay canvas (trains, aircraft, GTFS vehicles), stations
 * on the map's own; hovering shows the popup of what is pointed at and a click or a tap selects it (see
 * `map-pointer.ts`). `ready` turns true once the map's deck.gl canvas exists.
 */
export function useMapPicking(store: AppStore, deckRef: RefObject<DeckGLRef | null>, overlay: RefObject<Deck<View | null> | null>, ready: boolean): MapPicking {
  const pointer = useRef<MapPointer | null>(null);
  pointer.current ??= new MapPointer(store);
  const pointerKind = useRef<ReturnType<typeof watchPointerKind> | null>(null);
  useEffect(() => {
    pointerKind.current = watchPointerKind();
    return () => pointerKind.current?.dispose();
  }, []);

  /** Picks a train, an aircraft or a GTFS vehicle on the overlay at a point of the map (px from its top left). */
  const pickMoving = useCallback(
    (x: number, y: number, radius = 0): PickingInfo | null =>
      overlay.current?.pickObject({ x, y, radius, layerIds: ['trains', 'aircraft', ...Object.keys(store.getState().gtfsVehicles).map(vehicleLayerId)] }) ?? null,
    [overlay, store],
  );
  const viewport = useCallback(() => deckRef.current?.deck?.getViewports()[0], [deckRef]);

  const repick = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onHover = useCallback(
    (mapInfo: PickingInfo) => {
      const { x, y } = mapInfo;
      const info = (x >= 0 && y >= 0 && pickMoving(x, y)) || mapInfo;
      pointer.current!.move(targetOf(info), info.x, info.y, viewport());
      if (repick.current) clearTimeout(repick.current);
      repick.current = x >= 0 && y >= 0 && pointer.current!.onObject ? setTimeout(() => onHover({ x, y } as PickingInfo), REPICK_MS) : null;
    },
    [pickMoving, viewport],
  );
  useEffect(() => () => void (repick.current && clearTimeout(repick.current)), []);
  const onClick = useCallback((info: PickingInfo) => clickAt(store, targetOf(info), info, viewport(), pointerKind.current?.touch ?? false), [store, viewport]);
  useMapClick(deckRef, ready, pickMoving, onClick);

  const getCursor = useCallback(({ isDragging }: { isDragging: boolean }) => (isDragging ? 'grabbing' : pointer.current!.onObject || pointer.current!.onStation ? 'pointer' : 'grab'), []);
  return { onHover, getCursor };
}
