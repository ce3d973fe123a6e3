import { Deck, type Effect, type LayersList, type MapViewState, type View } from '@deck.gl/core';
import { useEffect, useRef, type RefObject } from 'react';
import { cappedPixelRatio } from '../data/pixel-ratio.ts';

/**
 * Another deck.gl canvas over the map, following the camera of the map below
 * and taking no input. The app stacks two: the map's own deck.gl canvas with
 * the network's shapes, and an overlay with what moves every frame (trains,
 * delay markers, airplanes, vehicles, rain) and, above it, the station names.
 *
 * Why: deck.gl redraws every layer of a canvas whenever one changes. The
 * network's shapes change only with the camera, but trains move every frame;
 * on one canvas, the whole network was drawn again with every train frame
 * (measured at the default view under software WebGL: 1.3 s per frame).
 * The names are one draw of bitmap quads (see `bitmap-label-layer.ts`), so
 * drawing them again with each train frame costs little, while a canvas of
 * their own cost the browser about 30 ms per frame under software WebGL
 * just to put the page's full-window canvases together.
 *
 * Each canvas has a WebGL context of its own, and creating one (with its
 * drawing buffer and shaders) takes hundreds of milliseconds of main-thread
 * time under software WebGL; the app creates the overlay only once the
 * network has been drawn (`enabled`), so it does not delay the first view.
 * It draws without multisampling and without preserving the drawing buffer:
 * it is redrawn every frame, and either would cost a resolve or a copy of
 * the whole canvas each time.
 *
 * Returns a ref to the deck (null until mounted). `id` names its canvas;
 * `camera()` gives the view to draw; `subscribe(onChange)` must call
 * `onChange` whenever it changes and return an unsubscribe function.
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
  effects?: Effect[],
): RefObject<Deck<View | null> | null> {
  const deck = useRef<Deck<View | null> | null>(null);
  const latest = useRef({ layers, camera, onAfterRender });
  latest.current = { layers, camera, onAfterRender };

  useEffect(() => {
    const element = parent.current;
    if (!element || !enabled) return;
    const overlay: Deck<View | null> = new Deck({
      parent: element,
      id,
      controller: false,
      views: view ?? null,
      ...(effects ? { effects } : {}),
      deviceProps: { webgl: { antialias: false, preserveDrawingBuffer: false } },
      useDevicePixels: cappedPixelRatio() ?? true,
      viewState: latest.current.camera(),
      layers: latest.current.layers,
      style: { position: 'absolute', left: '0', top: '0', pointerEvents: 'none' },
      onAfterRender: () => latest.current.onAfterRender(),
      // It takes no input, so it is no Tab stop (deck.gl's event manager makes its canvas one).
      onLoad: (): void => overlay.getCanvas()?.setAttribute('tabindex', '-1'),
    });
    deck.current = overlay;
    const unsubscribe = subscribe(() => overlay.setProps({ viewState: latest.current.camera() }));
    return () => {
      unsubscribe();
      overlay.finalize();
      deck.current = null;
    };
  }, [id, parent, subscribe, enabled, view, effects]);

  useEffect(() => {
    deck.current?.setProps({ layers });
  }, [layers]);

  return deck;
}
