/**
 * react-map-gl's MapLibre `Map` as the child of `<DeckGL>` (the stacked
 * composition). DeckGL hands its child the camera (`viewState`, without a
 * size) and the view's `width` and `height`; react-map-gl compares
 * `viewState.width`/`height` with the canvas's size on every render and calls
 * `map.resize()` when they differ — with no size in `viewState`, on every
 * render of `<DeckGL>` (any change of its layers). Each such resize resets
 * MapLibre's canvas and held the main thread for tens of milliseconds under
 * software WebGL. Here the view's size joins the camera, so the map resizes
 * only when its size really changes.
 *
 * @module
 */
import { forwardRef } from 'react';
import { Map as BaseMap, type MapProps, type MapRef } from 'react-map-gl/maplibre';

/** Props of {@link StackedBaseMap}: react-map-gl's, and what DeckGL adds to its child. */
export type StackedBaseMapProps = Omit<MapProps, 'viewState'> & {
  /** The camera, from DeckGL (its size is added here). */
  viewState?: Omit<NonNullable<MapProps['viewState']>, 'width' | 'height'>;
  /** The view's size in CSS pixels, from DeckGL. */
  width?: number;
  height?: number;
};

/** A react-map-gl `Map` that resizes only when DeckGL's view changes size (see the module comment). */
export const StackedBaseMap = forwardRef<MapRef, StackedBaseMapProps>(function StackedBaseMap({ viewState, width, height, ...props }, ref) {
  // Without a size (not under DeckGL), the camera goes on as given: react-map-gl then checks the size as before.
  const sized = viewState && (width !== undefined && height !== undefined ? { ...viewState, width, height } : (viewState as MapProps['viewState']));
  return <BaseMap ref={ref} {...props} viewState={sized} />;
});
