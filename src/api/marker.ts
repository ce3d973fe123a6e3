import { Evented } from './evented.ts';
import type { LngLatLike } from './option-types.ts';
import { Placement, type OverlayMap } from './overlay.ts';
import { validateCenter, validateNumberInRange, MapOptionError } from './validators.ts';

/** Options of a {@link Marker}. */
export interface MarkerOptions {
  /** The element drawn at the marker's place (its centre on the place). */
  element: HTMLElement;
  /** The marker shows from this zoom up (0–24; default 0). */
  minZoom?: number;
}

/** Events of a {@link Marker}. */
export interface MarkerEvents {
  click: { originalEvent: MouseEvent };
  mouseenter: { originalEvent: MouseEvent };
  mouseleave: { originalEvent: MouseEvent };
}

/**
 * An element of yours at a place on the map, above the trains and under the controls, following the camera.
 *
 * ```ts
 * new Marker({ element: pin, minZoom: 12 }).setLngLat([139.7671, 35.6812]).addTo(map).on('click', open);
 * ```
 */
export class Marker extends Evented<MarkerEvents> {
  private readonly element: HTMLElement;
  private readonly minZoom: number;
  private readonly placement: Placement;
  private visible = true;

  constructor(options: MarkerOptions) {
    super();
    if (typeof options !== 'object' || options === null || !(options.element instanceof HTMLElement)) {
      throw new MapOptionError('element', options?.element, 'Invalid Marker option "element": expected an HTML element.');
    }
    this.minZoom = options.minZoom === undefined ? 0 : validateNumberInRange(options.minZoom, 'minZoom', 0, 24);
    this.element = options.element;
    this.element.classList.add('tt-marker');
    this.placement = new Placement(this.element, (zoom) => zoom >= this.minZoom);
    this.element.addEventListener('click', this.onClick);
    this.element.addEventListener('mouseenter', this.onEnter);
    this.element.addEventListener('mouseleave', this.onLeave);
  }

  private readonly onClick = (event: MouseEvent) => {
    event.stopPropagation(); // a click on a marker is not a click on the map
    this.fire('click', { originalEvent: event });
  };
  private readonly onEnter = (event: MouseEvent) => this.fire('mouseenter', { originalEvent: event });
  private readonly onLeave = (event: MouseEvent) => this.fire('mouseleave', { originalEvent: event });

  /** Puts the marker on a map. */
  addTo(map: OverlayMap): this {
    this.placement.attach(map);
    return this;
  }

  /** Takes the marker off its map. */
  remove(): this {
    this.placement.detach();
    return this;
  }

  /** Moves the marker to a place (`[lng, lat]` or `{lng, lat}`). */
  setLngLat(lngLat: LngLatLike): this {
    this.placement.setLngLat(validateCenter(lngLat, 'lngLat'));
    return this;
  }

  /** Marks the marker active (selected and highlighted: class `active` on its element) or not. */
  setActivity(active: boolean): this {
    this.element.classList.toggle('active', Boolean(active));
    return this;
  }

  /** Shows or hides the marker (it stays on the map). */
  setVisibility(visible: boolean): this {
    this.visible = Boolean(visible);
    this.element.style.visibility = this.visible ? '' : 'hidden';
    return this;
  }

  /** The marker's element. */
  getElement(): HTMLElement {
    return this.element;
  }
}
