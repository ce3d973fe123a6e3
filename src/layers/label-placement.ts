/**
 * Greedy label placement: labels are taken in priority order and kept when
 * their box does not overlap a box already kept. A uniform grid keeps the
 * overlap test cheap, so a few thousand candidates take well under a
 * millisecond.
 */

/** A label candidate on screen. */
export interface LabelBox {
  /** Centre in pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
}

const CELL = 64;

/**
 * Returns the indices of the boxes that can be shown without overlap, taking
 * boxes in the given order (put the most important first). Boxes whose centre
 * lies outside [0, width] × [0, height] are dropped.
 */
export function placeLabels(boxes: readonly (LabelBox | null)[], width: number, height: number, padding = 2): number[] {
  const grid = new Map<number, LabelBox[]>();
  const kept: number[] = [];
  const cols = Math.ceil(width / CELL) + 2;
  boxes.forEach((box, index) => {
    if (!box || box.x < 0 || box.y < 0 || box.x > width || box.y > height) return;
    const x0 = box.x - box.width / 2 - padding;
    const x1 = box.x + box.width / 2 + padding;
    const y0 = box.y - box.height / 2 - padding;
    const y1 = box.y + box.height / 2 + padding;
    const cx0 = Math.floor(x0 / CELL);
    const cx1 = Math.floor(x1 / CELL);
    const cy0 = Math.floor(y0 / CELL);
    const cy1 = Math.floor(y1 / CELL);
    for (let cy = cy0; cy <= cy1; cy++) {
      for (let cx = cx0; cx <= cx1; cx++) {
        for (const other of grid.get(cy * cols + cx) ?? []) {
          if (Math.abs(other.x - box.x) * 2 < other.width + box.width + 2 * padding && Math.abs(other.y - box.y) * 2 < other.height + box.height + 2 * padding) {
            return;
          }
        }
      }
    }
    for (let cy = cy0; cy <= cy1; cy++) {
      for (let cx = cx0; cx <= cx1; cx++) {
        const key = cy * cols + cx;
        const cell = grid.get(key);
        if (cell) cell.push(box);
        else grid.set(key, [box]);
      }
    }
    kept.push(index);
  });
  return kept;
}

/** Rough pixel width of a text: CJK and other wide characters count double. */
export function estimateTextWidth(text: string, fontSize: number): number {
  let units = 0;
  for (const ch of text) units += /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/.test(ch) ? 1 : 0.58;
  return units * fontSize;
}

/** Least time between two label placements while the view moves, ms. */
export const PLACEMENT_INTERVAL_MS = 200;

/**
 * When a label layer places its labels while the view moves: at once when the
 * last placement is at least {@link PLACEMENT_INTERVAL_MS} old, else once when
 * it will be (one placement waits at a time). Kept in the layer's state.
 */
export class PlacementSchedule {
  /** When the last placement ran (`performance.now()`); −∞ places the next one at once. */
  last = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** Runs `place` now, or later from a timer (`later` true: the layer then asks deck.gl for an update). */
  request(place: (later: boolean) => void): void {
    const wait = this.last + PLACEMENT_INTERVAL_MS - performance.now();
    if (wait <= 0) this.run(place, false);
    else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.run(place, true);
      }, wait);
    }
  }

  /** Drops a waiting placement (the layer is finalised). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private run(place: (later: boolean) => void, later: boolean) {
    this.last = performance.now();
    place(later);
  }
}
