import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { formatTarget, formatValue, pad } from './format.ts';
import type { AggregatedRow, BenchReport, MachineFacts, SectionResult } from './types.ts';

const STATUS_TEXT: Record<AggregatedRow['status'], string> = { met: 'ok', missed: 'MISSED', info: '' };

/** Machine facts as printed above the results. */
export function formatMachine(machine: MachineFacts): string[] {
  const load = `load average ${machine.loadAverageStart.toFixed(2)}${machine.loadAverageEnd === undefined ? '' : ` → ${machine.loadAverageEnd.toFixed(2)}`}`;
  return [
    `Date:     ${machine.date}`,
    `CPU:      ${machine.cpuModel}, ${machine.cpuCores} cores, ${machine.memoryGB} GB RAM; ${load}`,
    `OS:       ${machine.os}; Node ${machine.node}`,
    `Chromium: ${machine.chromium}; WebGL: ${machine.webglRenderer}`,
    `Commit:   ${machine.gitCommit || 'unknown'}`,
    ...busyWarning(machine),
  ];
}

/**
 * A notice when other work kept the CPUs busy before the bench started (load
 * above the core count; the bench itself adds about 2): times are then inflated and noisy.
 */
function busyWarning(machine: MachineFacts): string[] {
  const load = machine.loadAverageStart;
  return load > machine.cpuCores ? [`Note:     the machine was busy (load ${load.toFixed(1)} on ${machine.cpuCores} cores): times are inflated; compare sizes, or rerun when idle.`] : [];
}

/** Spread column: `min – max (±x%)`, where x is half the range relative to the median. */
function formatSpread(row: AggregatedRow): string {
  if (row.values.length < 2) return '';
  const percent = (row.relativeSpread * 50).toFixed(row.relativeSpread * 50 < 10 ? 1 : 0);
  return `${formatValue(row.min, row.unit)} – ${formatValue(row.max, row.unit)} (±${percent}%)`;
}

/** A section's results as a table: metric, median, spread, target, existing product, status. */
export function formatSection(section: SectionResult, runs: number, verbose: boolean): string[] {
  const header = `== ${section.name}: ${section.title} (${section.runsOk}/${runs} runs ok) ==`;
  const lines = [header];
  for (const error of section.errors) lines.push(`  error in ${error}`);
  if (section.rows.length) {
    const cells = section.rows.map((r) => [
      r.metric,
      formatValue(r.median, r.unit),
      formatSpread(r),
      r.target ? formatTarget(r.target, r.unit) : '',
      r.baseline === undefined ? '' : `[${formatValue(r.baseline, r.unit)}]`,
      STATUS_TEXT[r.status],
    ]);
    const titles = ['metric', 'median', 'spread (min – max)', 'target', '[existing]', ''];
    const widths = titles.map((t, i) => Math.max(t.length, ...cells.map((c) => c[i].length)));
    const align = (i: number) => (i === 1 || i === 2 ? 'right' : 'left');
    const line = (c: string[]) => '  ' + c.map((text, i) => pad(text, widths[i], align(i))).join('  ').trimEnd();
    lines.push(line(titles), '  ' + widths.map((w) => '-'.repeat(w)).join('  '));
    lines.push(...cells.map(line));
  }
  if (!verbose) {
    for (const { run, lines: detail } of section.details) lines.push(...detail.filter((d) => d.startsWith('warning')).map((d) => `  run ${run}: ${d}`));
  } else {
    const notes = section.rows.filter((r) => r.note);
    if (notes.length) lines.push('', '  How measured:', ...notes.map((r) => `    ${r.metric.trim()}: ${r.note}`));
    for (const { run, lines: detail } of section.details) lines.push('', `  Run ${run}:`, ...detail.map((d) => `    ${d}`));
  }
  return lines;
}

/** Counts targets met and missed over all sections. */
export function summarise(sections: SectionResult[]): BenchReport['summary'] {
  const rows = sections.flatMap((s) => s.rows);
  return {
    met: rows.filter((r) => r.status === 'met').length,
    missed: rows.filter((r) => r.status === 'missed').length,
    info: rows.filter((r) => r.status === 'info').length,
    failedSections: sections.filter((s) => s.runsOk === 0).map((s) => s.name),
    missedMetrics: sections.flatMap((s) => s.rows.filter((r) => r.status === 'missed').map((r) => `${s.name}: ${r.metric.trim()}`)),
  };
}

/** The closing lines. */
export function formatSummary(report: BenchReport): string[] {
  const { met, missed, failedSections, missedMetrics } = report.summary;
  const lines = [`Summary: ${met} of ${met + missed} targets met, ${missed} missed (${report.options.runs === 1 ? 'one run' : `medians of ${report.options.runs} runs`}).`];
  for (const metric of missedMetrics) lines.push(`  missed: ${metric}`);
  if (failedSections.length) lines.push(`  no successful run: ${failedSections.join(', ')}`);
  return lines;
}

/** Writes the report as JSON (creating the folder). */
export function writeReport(file: string, report: BenchReport): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
}
