/** A problem found in the source data, precise enough to find and fix it. */
export interface Diagnostic {
  /** Source file, relative to the source folder. */
  file: string;
  /** Id of the record (or its index when it has no id). */
  record?: string;
  /** Field of the record that is wrong. */
  field?: string;
  message: string;
}

/** Formats a diagnostic as one line: `file: record "id" field "x": message`. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = [d.record !== undefined ? `record "${d.record}"` : '', d.field ? `field "${d.field}"` : '']
    .filter(Boolean)
    .join(' ');
  return `${d.file}: ${where ? where + ': ' : ''}${d.message}`;
}

/** Collects the warnings of one pipeline run (records that were skipped or repaired), each once. */
export class Diagnostics {
  readonly warnings: Diagnostic[] = [];
  private readonly seen = new Set<string>();

  warn(d: Diagnostic): void {
    const key = formatDiagnostic(d);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.warnings.push(d);
  }
}

/** A problem that stops the build: a missing folder or file, malformed JSON, a file of the wrong shape. */
export class SourceDataError extends Error {
  override name = 'SourceDataError';
}
