import { Deck, type LayersList, type MapViewState } from '@deck.gl/core';
import { useEffect, useRef, type RefObject } from 'react';

/**
 * A second deck.gl canvas over the map for the layers that change every
 * frame (trains, delay markers) and what must stay above them (station
 * names). It follows the camera of the map below and takes no input.
 *
 * Why two canvases: deck.gl redraws every layer of a canvas whenever one
 * changes. The railway and station shapes change only with the camera, but
 * trains move every frame; drawn on one canvas, the whole network was drawn
 * again with every train frame. Measured at the default view under software
 * WebGL: 1.3 s per frame with everything on one canvas, 0.3 s for the trains alone.
 *
 * Returns a ref to the deck (null until mounted). `camera()` gives the view
 * to draw; `subscribe(onChange)` must call `onChange` whenever it changes
 * and return an unsubscribe function.
 */
export function useOverlayDeck(
  parent: RefObject<HTMLDivElement | null>,
  layers: LayersList,
  camera: () => MapViewState,
  subscribe: (onChange: () => void) => () => void,
  onAfterRender: () => void,
): RefObject<Deck | null> {
  const deck = useRef<Deck | null>(null);
  const latest = useRef({ layers, camera, onAfterRender });
  latest.current = { layers, camera, onAfterRender };

  useEffect(() => {
    const element = parent.current;
    if (!element) return;
    const overlay = new Deck({
      parent: element,
      id: 'tt-overlay',
      controller: false,
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
  }, [parent, subscribe]);

  useEffect(() => {
    deck.current?.setProps({ layers });
  }, [layers]);

  return deck;
}
