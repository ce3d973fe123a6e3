/**
 * How a train is named between the worker, the layers and the UI: a
 * timetable index (≥ 0) of the current day's table, {@link NO_TRAIN}, or an
 * extra train (reported by the real-time feed without a timetable), coded
 * as −2 − its key. An extra train keeps its key for as long as the feed
 * keeps reporting it, so it can be hovered, selected and tracked like any other.
 */
export const NO_TRAIN = -1;

/** The code of the extra train with key `key` (≥ 0). */
export function extraTrainCode(key: number): number {
  return -2 - key;
}

/** True when `train` codes an extra train. */
export function isExtraTrainCode(train: number): boolean {
  return train <= -2;
}
