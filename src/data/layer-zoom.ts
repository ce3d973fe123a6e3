/** Zoom range of a layer added through the API: shown from `minzoom` up, hidden at `maxzoom` and above (spec §5). */
export interface LayerZoomRange {
  /** 0–24, default 0. */
  minzoom: number;
  /** 0–24, default 24. */
  maxzoom: number;
}

/** Whether a layer with this zoom range shows at `zoom`. */
export function inZoomRange(zoom: number, { minzoom, maxzoom }: LayerZoomRange): boolean {
  return zoom >= minzoom && zoom < maxzoom;
}
