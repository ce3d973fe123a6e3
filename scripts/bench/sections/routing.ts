/**
 * Section `routing`: the route search engine on the real data, in this Node
 * process (the same code the train worker runs): index build time and the
 * heap it holds, and query time (median and max) over fixed random pairs at
 * weekday 08:00 and 23:30 (see `../routing-figures.ts`). Targets come from issue #14.
 */
import { measureRouting, ROUTING_QUERIES } from '../routing-figures.ts';
import type { BenchContext, BenchRow, BenchSection } from '../types.ts';

export const routingSection: BenchSection = {
  name: 'routing',
  title: `Route search: index build and heap, query median/max over ${ROUTING_QUERIES} pairs at 08:00 and at 23:30`,
  async run(ctx: BenchContext): Promise<BenchRow[]> {
    const figures = await measureRouting();
    ctx.detail(`${figures.queries.map((q) => `${q.count} queries at ${q.label}`).join(', ')}; index ${figures.buildMs.toFixed(0)} ms, ${figures.heapMB.toFixed(1)} MB`);
    return [
      { metric: 'routing index build', value: figures.buildMs, unit: 'ms', target: { op: '<=', value: 1500 } },
      { metric: 'routing index heap', value: figures.heapMB * 2 ** 20, unit: 'bytes', target: { op: '<=', value: 40e6 }, note: 'JS heap plus typed arrays held by the index after a full GC' },
      ...figures.queries.flatMap((q): BenchRow[] => [
        { metric: `routing query median at ${q.label}`, value: q.medianMs, unit: 'ms', target: { op: '<=', value: 30 } },
        { metric: `routing query max at ${q.label}`, value: q.maxMs, unit: 'ms', target: { op: '<=', value: 150 } },
      ]),
    ];
  },
};
