import { MapController } from '@deck.gl/core';

type ControllerEvent = Parameters<MapController['handleEvent']>[0];

/**
 * deck.gl's map controller with MapLibre's mouse bindings: a drag with the primary button and the shift key is a
 * box zoom (`src/api/box-zoom.ts`), not a rotation; ctrl, meta or alt + drag and a drag with the secondary button
 * still rotate and tilt. With the controller prop `boxZoom: false` (while something is tracked) shift + drag
 * rotates as deck.gl's does.
 */
export class TransitMapController extends MapController {
  override handleEvent(event: ControllerEvent): boolean {
    if (event.type === 'panstart' && (this.props as { boxZoom?: boolean }).boxZoom && isBoxZoomDrag(event)) return false;
    return super.handleEvent(event);
  }
}

/** A drag with the primary button and the shift key. */
function isBoxZoomDrag(event: ControllerEvent): boolean {
  const { leftButton } = event as { leftButton?: boolean };
  const src = event.srcEvent as { shiftKey?: boolean };
  return Boolean(leftButton && src.shiftKey);
}
