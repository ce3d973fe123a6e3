/**
 * What the API's markers and popups share: a map's overlay element and keeping an element at a place
 * on the map as the camera moves.
 *
 * @module
 */
import type { LngLatLike } from './option-types.ts';

/** The parts of a {@link Map} that things placed on it use. */
export interface OverlayMap {
  project(lngLat: LngLatLike, altitude?: number): { x: number; y: number };
  getZoom(): number;
  getContainer(): HTMLElement | null;
  on(type: 'move' | 'resize', listener: () => void): unknown;
  off(type: 'move' | 'resize', listener: () => void): unknown;
  /** @internal The element markers, popups and panels are put in. */
  _overlayElement(): HTMLElement;
}

/** Keeps `element` at `lngLat` (its anchor point at the place) while it is on `map`. */
export class Placement {
  private map: OverlayMap | null = null;
  private lngLat: LngLatLike | null = null;
  private readonly update = () => this.place();

  constructor(
    private readonly element: HTMLElement,
    /** Whether it should show at this zoom (e.g. a marker's `minZoom`). */
    private readonly shownAt: (zoom: number) => boolean = () => true,
  ) {}

  attach(map: OverlayMap): void {
    this.detach();
    this.map = map;
    map._overlayElement().appendChild(this.element);
    map.on('move', this.update);
    map.on('resize', this.update);
    this.place();
  }

  detach(): void {
    if (!this.map) return;
    this.map.off('move', this.update);
    this.map.off('resize', this.update);
    this.element.remove();
    this.map = null;
  }

  setLngLat(lngLat: LngLatLike): void {
    this.lngLat = lngLat;
    this.place();
  }

  get attached(): boolean {
    return this.map !== null;
  }

  /** Moves the element to its place, or hides it when it has none, is off the map or out of its zoom range. */
  place(): void {
    const { map, lngLat, element } = this;
    if (!map || !lngLat) return;
    const container = map.getContainer();
    const { x, y } = map.project(lngLat);
    const inView = container !== null && Number.isFinite(x) && Number.isFinite(y) && x > -100 && y > -100 && x < container.clientWidth + 100 && y < container.clientHeight + 100;
    const shown = inView && this.shownAt(map.getZoom());
    element.style.display = shown ? '' : 'none';
    if (shown) element.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`;
  }
}

/** The × button of popups and modal panels. */
export function createCloseButton(onClick: () => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'tt-api-close';
  button.setAttribute('aria-label', 'Close');
  button.textContent = '×';
  button.addEventListener('click', onClick);
  return button;
}
