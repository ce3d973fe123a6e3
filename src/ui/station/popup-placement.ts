/** Gap between the station and the popup, px. */
const GAP = 18;
/** Least distance from the map's edges, px. */
const MARGIN = 8;

/** A rectangle in px from the map's top left. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlap = (a: Box, b: Box) => Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/**
 * Where the popup goes: centred above the station, else below it, whichever covers less of the obstacles (none,
 * usually) and stays on screen; moved sideways to keep off the controls' column.
 */
export function placePopup(station: { x: number; y: number }, size: { width: number; height: number }, area: { width: number; height: number }, obstacles: Box[]): { left: number; top: number } {
  const clampX = (x: number) => Math.min(Math.max(MARGIN, x), area.width - size.width - MARGIN);
  const candidates = [station.y - GAP - size.height, station.y + GAP].map((top) => {
    let left = clampX(station.x - size.width / 2);
    for (const o of obstacles) {
      const box = { x: left, y: top, width: size.width, height: size.height };
      // A tall narrow obstacle at a side (the controls): slide past it rather than cover it.
      if (overlap(box, o) > 0 && o.height > o.width * 2) left = clampX(o.x > area.width / 2 ? o.x - size.width - MARGIN : o.x + o.width + MARGIN);
    }
    const box = { x: left, y: top, width: size.width, height: size.height };
    const offScreen = top < MARGIN || top + size.height > area.height - MARGIN ? area.width * area.height : 0;
    return { left, top, cost: offScreen + obstacles.reduce((sum, o) => sum + overlap(box, o), 0) };
  });
  const best = candidates[1].cost < candidates[0].cost ? candidates[1] : candidates[0];
  return { left: best.left, top: best.top };
}
