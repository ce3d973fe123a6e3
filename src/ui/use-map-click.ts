import type { PickingInfo } from '@deck.gl/core';
import type { DeckGLRef } from '@deck.gl/react';
import { useEffect, type RefObject } from 'react';

/**
 * A press released within this distance (px) of where it started is a click, however long it lasted (as in
 * MapLibre): event times are when the browser got round to the events, which on a busy device can be seconds apart.
 */
const MAX_MOVE_PX = 6;
/** Picking radius for clicks, px: trains are thin at low zoom. */
const PICK_RADIUS = 4;

/**
 * Calls `onClick` with the picked object when the map is clicked or tapped.
 *
 * deck.gl's own `onClick` comes from a tap recognizer that drops presses
 * held longer than 250 ms (by event time). On a slow device the release can
 * be handled seconds after the press (deck.gl's synchronous pick on pointer
 * down took 17 s in software WebGL here), and the click was lost. Here a
 * click is a press and release of the primary button within a few pixels,
 * as in MapLibre, picked with `pick` at the release point. `ready`
 * turns true once deck.gl has
 * created its canvas.
 */
export function useMapClick(
  deckRef: RefObject<DeckGLRef | null>,
  ready: boolean,
  pick: (x: number, y: number, radius: number) => PickingInfo | null,
  onClick: (info: PickingInfo) => void,
): void {
  useEffect(() => {
    const deck = deckRef.current?.deck;
    const canvas = deck?.getCanvas();
    const root = canvas?.closest('.deck-events-root') ?? canvas?.parentElement;
    if (!deck || !canvas || !root) return;
    let press: { id: number; x: number; y: number } | null = null;
    const down = (event: Event) => {
      const e = event as PointerEvent;
      press = e.isPrimary && e.button === 0 ? { id: e.pointerId, x: e.clientX, y: e.clientY } : null;
    };
    const up = (event: Event) => {
      const e = event as PointerEvent;
      const start = press;
      press = null;
      if (!start || e.pointerId !== start.id) return;
      if (Math.hypot(e.clientX - start.x, e.clientY - start.y) > MAX_MOVE_PX) return;
      const rect = canvas.getBoundingClientRect();
      const x = e.clientX - rect.left;
      const y = e.clientY - rect.top;
      const picked = pick(x, y, PICK_RADIUS);
      onClick(picked ?? ({ x, y, index: -1, picked: false, layer: null } as unknown as PickingInfo));
    };
    root.addEventListener('pointerdown', down);
    root.addEventListener('pointerup', up);
    return () => {
      root.removeEventListener('pointerdown', down);
      root.removeEventListener('pointerup', up);
    };
  }, [deckRef, ready, pick, onClick]);
}
