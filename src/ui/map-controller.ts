import { MapController } from '@deck.gl/core';

type ControllerEvent = Parameters<MapController['handleEvent']>[0];

/**
 * deck.gl's map controller with MapLibre's mouse bindings: a drag with the primary button and the shift key is a
 * box zoom (`src/api/box-zoom.ts`), not a rotation; ctrl, meta or alt + drag and a drag with the secondary button
 * still rotate and tilt. With the controller prop `boxZoom: false` (while something is tracked) shift + drag
 * rotates as deck.gl's does.
 *
 * A finger's drag starts where the finger touched down, as in MapLibre: deck.gl starts it where the first move was
 * recognised as a drag, so the map lagged the finger by that first move (tens of pixels when a phone is busy and
 * its touch events come far apart), and the place touched did not stay under the finger.
 */
export class TransitMapController extends MapController {
  override handleEvent(event: ControllerEvent): boolean {
    if (event.type === 'panstart' && (this.props as { boxZoom?: boolean }).boxZoom && isBoxZoomDrag(event)) return false;
    return super.handleEvent(isTouchDragStart(event) ? { ...event, offsetCenter: { x: event.offsetCenter.x - event.deltaX, y: event.offsetCenter.y - event.deltaY } } : event);
  }
}

type GestureEvent = Extract<ControllerEvent, { deltaX: number }>;

/** The start of a one-finger drag (its `delta` is the finger's move since it touched down). */
function isTouchDragStart(event: ControllerEvent): event is GestureEvent {
  return event.type === 'panstart' && 'deltaX' in event && event.pointerType === 'touch';
}

/** A drag with the primary button and the shift key. */
function isBoxZoomDrag(event: ControllerEvent): boolean {
  const { leftButton } = event as { leftButton?: boolean };
  const src = event.srcEvent as { shiftKey?: boolean };
  return Boolean(leftButton && src.shiftKey);
}
