import type { LngLatLike } from './option-types.ts';
import { createCloseButton, Placement, type OverlayMap } from './overlay.ts';
import { validateCenter } from './validators.ts';

/** Options of a {@link Popup}. */
export interface PopupOptions {
  /** Extra class names on the popup's element. */
  className?: string;
  /** Show a close button (default false). */
  closeButton?: boolean;
}

/**
 * A small panel pointing at a place on the map, in the map's own popup style.
 *
 * `setHTML` puts the string in as HTML, **not sanitised** (spec §5): give it only markup you trust.
 */
export class Popup {
  private readonly element: HTMLDivElement;
  private readonly content: HTMLDivElement;
  private readonly placement: Placement;

  constructor(options: PopupOptions = {}) {
    this.element = document.createElement('div');
    this.element.className = `tt-api-popup${options.className ? ` ${options.className}` : ''}`;
    const box = document.createElement('div');
    box.className = 'tt-panel tt-api-popup-box';
    this.content = document.createElement('div');
    this.content.className = 'tt-api-popup-content';
    box.appendChild(this.content);
    if (options.closeButton) {
      box.appendChild(createCloseButton(() => this.remove()));
    }
    const tip = document.createElement('div');
    tip.className = 'tt-api-popup-tip';
    this.element.append(box, tip);
    this.placement = new Placement(this.element);
  }

  /** Shows the popup on a map. */
  addTo(map: OverlayMap): this {
    this.placement.attach(map);
    return this;
  }

  /** Takes the popup off its map. */
  remove(): this {
    this.placement.detach();
    return this;
  }

  /** Whether the popup is on a map. */
  isOpen(): boolean {
    return this.placement.attached;
  }

  /** Points the popup at a place (`[lng, lat]` or `{lng, lat}`). */
  setLngLat(lngLat: LngLatLike): this {
    this.placement.setLngLat(validateCenter(lngLat, 'lngLat'));
    return this;
  }

  /** Sets the content as HTML (not sanitised). */
  setHTML(html: string): this {
    this.content.innerHTML = String(html);
    this.placement.place();
    return this;
  }

  /** The popup's element. */
  getElement(): HTMLElement {
    return this.element;
  }
}
