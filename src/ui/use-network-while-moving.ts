import type { Deck, FilterContext, Layer, View, Viewport } from '@deck.gl/core';
import type { DeckGLRef } from '@deck.gl/react';
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';

/** Id suffix of the overlay's copies of the network's layers. */
export const MOVING_COPY_SUFFIX = ':moving';

/**
 * The camera rests once it has not changed for this long, ms. A short pause in a drag is not a rest: switching back
 * costs a draw of the whole network on its own canvas.
 */
const REST_MS = 1000;

/** Layer filters for the two deck.gl canvases, and their after-render hooks (see {@link useNetworkWhileMoving}). */
export interface NetworkWhileMoving {
  /** `layerFilter` of the network's deck: its layers, except while the overlay draws them. */
  networkFilter: (context: FilterContext) => boolean;
  /** `layerFilter` of the overlay: the copies of the network's layers only while the camera moves. */
  overlayFilter: (context: FilterContext) => boolean;
  /** To call after each overlay draw: hides the network's canvas once the overlay has drawn the network. */
  onOverlayRender: () => void;
  /** To call after each draw of the network's deck: shows its canvas again once the camera rests. */
  onNetworkRender: () => void;
}

/**
 * Leaves a layer out of a draw while still telling it the view. deck.gl tells a layer of a new view only when it draws
 * it, and the railways and stations pick their chunks in view: a layer left out would come back drawing what it had
 * picked for the view it last drew. Measured: the overlay's first frame with the network lacked the lines towards the
 * window's edges (its copies' first pick was for the canvas's size before layout, 300×150), and the network canvas's
 * first frame back after a move to Shinagawa facing south had 30 % of the Yamanote line's pixels. Told here, a layer
 * picks anew in the next frame.
 */
function leaveOut(layer: Layer, viewport: Viewport): false {
  layer.activateViewport(viewport);
  return false;
}

/**
 * While the camera moves, the trains' overlay also draws the network (copies of the network's layers, ids ending
 * in {@link MOVING_COPY_SUFFIX}) and the network's own canvas is hidden; once the camera rests, the network goes
 * back to its canvas.
 *
 * Why: when the camera is still, the network's canvas is drawn only when it changes while the overlay redraws the
 * trains every frame (see `use-overlay-deck.ts`). While the camera moves, both canvases are drawn whole every frame
 * anyway, and each full-window canvas costs the browser a clear, a present and putting it together with the page's
 * other canvases. Measured under software WebGL (1280×720, turning at pitch 60, the two ways alternating in one page):
 * with the base map blocked, about 5–8 % more frames per second at zooms 14 and 11; with it shown, within the noise.
 *
 * The network's canvas is hidden with `visibility: hidden`: at `opacity: 0` the browser still spent on it what a
 * shown canvas costs (measured: no gain). The pointer's events are not affected: they reach the element that holds
 * the base map, over the canvas, either way.
 *
 * Switching never shows a frame without the network: on the way in, the network's canvas is hidden in the task of
 * the overlay's first draw with the network; on the way back, the network's deck draws (`redraw` draws at once), its
 * canvas is shown and the overlay draws without the network, all in one task. Layers left out of a canvas are still
 * told each view (see {@link leaveOut}), so the first frame after either switch is whole.
 *
 * `overlay()` gives the overlay's deck (null until it starts); `onCameraChange(onChange)` calls `onChange` whenever
 * the camera changes and returns an unsubscribe function (the one the overlay follows). `enabled` is false while
 * other layers share the network's canvas (data sources' routes, layers added through the API), which must stay
 * between the network and the trains.
 */
export function useNetworkWhileMoving(
  network: RefObject<DeckGLRef | null>,
  overlay: () => Deck<View | null> | null,
  onCameraChange: (onChange: () => void) => () => void,
  enabled: boolean,
): NetworkWhileMoving {
  // moving: the overlay draws the copies; hidden: the network's canvas is hidden and its deck draws none of its layers;
  // showing: the camera rests, and the network's next draw shows its canvas again.
  const state = useRef({ moving: false, hidden: false, showing: false });
  const overlayDeck = useRef(overlay);
  overlayDeck.current = overlay;

  const networkFilter = useCallback(({ layer, viewport }: FilterContext) => !state.current.hidden || leaveOut(layer, viewport), []);
  const overlayFilter = useCallback(({ layer, viewport }: FilterContext) => state.current.moving || !layer.id.endsWith(MOVING_COPY_SUFFIX) || leaveOut(layer, viewport), []);
  const onOverlayRender = useCallback(() => {
    const s = state.current;
    if (!s.moving || s.hidden) return;
    const canvas = network.current?.deck?.getCanvas();
    if (!canvas) return;
    s.hidden = true;
    canvas.style.visibility = 'hidden';
  }, [network]);
  const onNetworkRender = useCallback(() => {
    const s = state.current;
    if (!s.showing) return;
    s.showing = false;
    const canvas = network.current?.deck?.getCanvas();
    if (canvas) canvas.style.visibility = '';
    overlayDeck.current()?.redraw('camera rests');
  }, [network]);

  useEffect(() => {
    if (!enabled) return;
    const s = state.current;
    let restTimer: ReturnType<typeof setTimeout> | null = null;
    const rest = () => {
      restTimer = null;
      s.moving = false;
      const deck = network.current?.deck;
      if (s.hidden && deck) {
        // Shown again by onNetworkRender, in the task that draws the network on its canvas.
        s.hidden = false;
        s.showing = true;
        deck.redraw('camera rests');
      } else {
        s.hidden = false;
        overlayDeck.current()?.redraw('camera rests');
      }
    };
    const unsubscribe = onCameraChange(() => {
      if (!overlayDeck.current()) return;
      s.moving = true;
      s.showing = false;
      if (restTimer) clearTimeout(restTimer);
      restTimer = setTimeout(rest, REST_MS);
    });
    return () => {
      unsubscribe();
      if (restTimer) clearTimeout(restTimer);
      if (s.moving || s.hidden) rest();
    };
  }, [enabled, network, onCameraChange]);

  return useMemo(() => ({ networkFilter, overlayFilter, onOverlayRender, onNetworkRender }), [networkFilter, overlayFilter, onOverlayRender, onNetworkRender]);
}
