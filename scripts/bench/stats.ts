import type { AggregatedRow, BenchRow, Target } from './types.ts';

/** Median of a non-empty list (mean of the two middle values for an even count). */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Whether `value` reaches `target`. */
export function meetsTarget(value: number, target: Target): boolean {
  return target.op === '<=' ? value <= target.value : value >= target.value;
}

/**
 * Groups the rows of several runs by metric (in first-seen order) and
 * computes median, min, max and relative spread; the target is judged on the median.
 */
export function aggregateRows(runs: BenchRow[][]): AggregatedRow[] {
  const byMetric = new Map<string, { first: BenchRow; values: number[] }>();
  for (const rows of runs) {
    for (const row of rows) {
      if (!Number.isFinite(row.value)) continue;
      const entry = byMetric.get(row.metric);
      if (entry) entry.values.push(row.value);
      else byMetric.set(row.metric, { first: row, values: [row.value] });
    }
  }
  return [...byMetric.values()].map(({ first, values }) => {
    const mid = median(values);
    const min = Math.min(...values);
    const max = Math.max(...values);
    return {
      metric: first.metric,
      unit: first.unit,
      target: first.target,
      baseline: first.baseline,
      note: first.note,
      values,
      median: mid,
      min,
      max,
      relativeSpread: mid === 0 ? 0 : (max - min) / Math.abs(mid),
      status: first.target ? (meetsTarget(mid, first.target) ? 'met' : 'missed') : 'info',
    };
  });
}
