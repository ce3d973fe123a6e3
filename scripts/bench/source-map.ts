/**
 * A minimal reader of source maps (version 3, `mappings` in Base64 VLQ), so
 * that profiles of the minified build name the original source file, line and
 * function. Only what the bench needs: look up one generated position.
 */

/** Where a generated position comes from. */
export interface OriginalPosition {
  /** Source path as the map names it (relative paths are left as they are). */
  source: string;
  /** 1-based line and 0-based column in the source. */
  line: number;
  column: number;
  /** Original identifier at that position, when the map has one. */
  name?: string;
}

interface RawSourceMap {
  version: number;
  sources: string[];
  names?: string[];
  mappings: string;
  sourceRoot?: string;
}

/** One decoded segment: generated column, source index, original line (0-based), column, name index. */
type Segment = [number, number, number, number, number];

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE64.length; i++) DIGIT[BASE64.charCodeAt(i)] = i;

export class SourceMap {
  private readonly map: RawSourceMap;
  /** Segments by generated line, decoded on the first lookup. */
  private lines: Segment[][] | null = null;

  constructor(json: string) {
    this.map = JSON.parse(json) as RawSourceMap;
    if (this.map.version !== 3 || typeof this.map.mappings !== 'string') throw new Error('not a version 3 source map');
  }

  /**
   * The original position of a generated one (line and column 0-based, as in
   * CDP call frames): the last mapped segment at or before the column.
   */
  lookup(line: number, column: number): OriginalPosition | null {
    this.lines ??= decodeMappings(this.map.mappings);
    let found: Segment | undefined;
    for (const s of this.lines[line] ?? []) {
      if (s[0] > column) break;
      found = s;
    }
    if (!found || found[1] < 0) return null;
    const source = (this.map.sourceRoot ?? '') + (this.map.sources[found[1]] ?? '?');
    const name = found[4] >= 0 ? this.map.names?.[found[4]] : undefined;
    return { source, line: found[2] + 1, column: found[3], name };
  }
}

/** Decodes `mappings` into segments by generated line (source index −1 for segments without a source). */
function decodeMappings(m: string): Segment[][] {
  const lines: Segment[][] = [[]];
  // Source index, original line, original column and name index are deltas over the whole string.
  let source = 0;
  let line = 0;
  let column = 0;
  let name = 0;
  let generated = 0;
  const values: number[] = [];
  let i = 0;
  while (i <= m.length) {
    const c = m[i];
    if (i === m.length || c === ',' || c === ';') {
      if (values.length) {
        generated += values[0];
        if (values.length >= 4) {
          source += values[1];
          line += values[2];
          column += values[3];
          if (values.length >= 5) name += values[4];
          lines[lines.length - 1].push([generated, source, line, column, values.length >= 5 ? name : -1]);
        } else {
          lines[lines.length - 1].push([generated, -1, 0, 0, -1]);
        }
        values.length = 0;
      }
      if (c === ';') {
        lines.push([]);
        generated = 0;
      }
      i++;
      continue;
    }
    let value = 0;
    let shift = 0;
    let digit: number;
    do {
      digit = DIGIT[m.charCodeAt(i++)] ?? -1;
      if (digit < 0) throw new Error(`invalid character in source map mappings at ${i - 1}`);
      value += (digit & 31) * 2 ** shift;
      shift += 5;
    } while (digit & 32);
    values.push(value % 2 ? -Math.floor(value / 2) : value / 2);
  }
  return lines;
}
