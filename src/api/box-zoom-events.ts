/**
 * The box zoom's events, apart from the gesture itself (`box-zoom.ts`, loaded at the first shift-press on the map).
 *
 * @module
 */

/** The box zoom events a map fires. */
export const BOX_ZOOM_EVENTS = ['boxzoomstart', 'boxzoomend', 'boxzoomcancel'] as const;
/** `boxzoomstart`, `boxzoomend` or `boxzoomcancel`. */
export type BoxZoomEventType = (typeof BOX_ZOOM_EVENTS)[number];

/** Data of a box zoom event. */
export interface MapBoxZoomEventData {
  /** The browser's event: the mouse event that started, ended or cancelled the box, or the Escape key's. */
  originalEvent: MouseEvent | KeyboardEvent;
}
