import { Deck, type LayersList, type MapViewState, type View } from '@deck.gl/core';
import { useEffect, useRef, type RefObject } from 'react';

/**
 * Another deck.gl canvas over the map, following the camera of the map below
 * and taking no input. The app stacks three: the map's own deck.gl canvas
 * with the network's shapes, an overlay with what moves every frame (trains,
 * delay markers), and one with the station names, which must stay above the trains.
 *
 * Why: deck.gl redraws every layer of a canvas whenever one changes. The
 * network's shapes and the names change only with the camera, but trains
 * move every frame; on one canvas, the whole network and every name were
 * drawn again with every train frame. Measured at the default view under
 * software WebGL: 1.3 s per frame with everything on one canvas; with the
 * names on the trains' overlay, about a quarter fewer frames per second than
 * with the names on a canvas of their own.
 *
 * Each canvas has a WebGL context of its own, and creating one (with its
 * drawing buffer and shaders) takes hundreds of milliseconds of main-thread
 * time under software WebGL; the app creates the overlays only once the
 * network has been drawn (`enabled`), so they do not delay the first view.
 * They draw without multisampling and without preserving the drawing buffer:
 * the trains' canvas is redrawn every frame, and both would cost a resolve or
 * a copy of the whole canvas each time.
 *
 * Returns a ref to the deck (null until mounted). `id` names its canvas;
 * `camera()` gives the view to draw; `subscribe(onChange)` must call
 * `onChange` whenever it changes and return an unsubscribe function.
 *
 * `shown: false` hides the canvas while its layers have nothing to draw (the
 * names' canvas zoomed out): the browser then leaves it out when it puts the
 * page's layers together, which under software WebGL costs about 30 ms for
 * each full-window canvas in every frame the camera moves.
 */
export function useOverlayDeck(
  id: string,
  parent: RefObject<HTMLDivElement | null>,
  layers: LayersList,
  camera: () => MapViewState,
  subscribe: (onChange: () => void) => () => void,
  onAfterRender: () => void,
  enabled = true,
  view?: View,
  shown = true,
): RefObject<Deck<View | null> | null> {
  const deck = useRef<Deck<View | null> | null>(null);
  const latest = useRef({ layers, camera, onAfterRender });
  latest.current = { layers, camera, onAfterRender };

  useEffect(() => {
    const element = parent.current;
    if (!element || !enabled) return;
    const overlay = new Deck({
      parent: element,
      id,
      controller: false,
      views: view ?? null,
      deviceProps: { webgl: { antialias: false, preserveDrawingBuffer: false } },
      viewState: latest.current.camera(),
      layers: latest.current.layers,
      style: { position: 'absolute', left: '0', top: '0', pointerEvents: 'none' },
      onAfterRender: () => latest.current.onAfterRender(),
    });
    deck.current = overlay;
    const unsubscribe = subscribe(() => overlay.setProps({ viewState: latest.current.camera() }));
    return () => {
      unsubscribe();
      overlay.finalize();
      deck.current = null;
    };
  }, [id, parent, subscribe, enabled, view]);

  useEffect(() => {
    deck.current?.setProps({ layers });
  }, [layers]);

  useEffect(() => {
    const overlay = deck.current;
    const canvas = overlay?.getCanvas();
    if (!overlay || !canvas) return;
    canvas.style.visibility = shown ? '' : 'hidden';
    // What it drew while hidden may not have been kept (its drawing buffer is not preserved).
    if (shown) overlay.redraw('shown');
  }, [shown, enabled]);

  return deck;
}
