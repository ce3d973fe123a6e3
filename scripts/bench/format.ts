import type { Target, Unit } from './types.ts';

/** Formats a value in its unit: bytes as decimal kB/MB (1 MB = 10^6 bytes), times in µs, ms or s. */
export function formatValue(value: number, unit: Unit): string {
  switch (unit) {
    case 'bytes':
      if (Math.abs(value) >= 1e6) return `${(value / 1e6).toFixed(2)} MB`;
      if (Math.abs(value) >= 1e3) return `${(value / 1e3).toFixed(1)} kB`;
      return `${Math.round(value)} B`;
    case 'ms':
      if (Math.abs(value) >= 10_000) return `${(value / 1000).toFixed(1)} s`;
      if (Math.abs(value) >= 1000) return `${(value / 1000).toFixed(2)} s`;
      if (Math.abs(value) >= 100) return `${Math.round(value)} ms`;
      return `${value.toFixed(1)} ms`;
    case 'us':
      return Math.abs(value) >= 1000 ? formatValue(value / 1000, 'ms') : `${value.toFixed(1)} µs`;
    case 'fps':
      return `${value.toFixed(1)} fps`;
    case 'ratio':
      return value.toFixed(2);
    case 'count':
      return Number.isInteger(value) ? String(value) : value.toFixed(1);
    case 'percent':
      return `${value.toFixed(1)} %`;
  }
}

/** e.g. `≤ 3.00 MB`. */
export function formatTarget(target: Target, unit: Unit): string {
  return `${target.op === '<=' ? '≤' : '≥'} ${formatValue(target.value, unit)}`;
}

/** Pads a table cell; numbers-like columns are right-aligned. */
export function pad(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  return align === 'left' ? text.padEnd(width) : text.padStart(width);
}
