/**
 * The code examples of the API reference pages and what each is declared to do.
 *
 * Every fenced code block of `docs/developer-guide/api/*.md` (and of its Japanese page) is followed by an HTML
 * comment (invisible on the site) that says how the browser test runs it and what it checks:
 *
 * ```md
 * <!-- example-check
 * setup: new Map({ container: 'map', time: '2026-11-24T03:00:00+09:00' })
 * pixels: #e8710a at 139.7600,35.6822
 * -->
 * ```
 *
 * or, for a block that is deliberately not a program (a signature, an options object):
 *
 * ```md
 * <!-- example-check skip: a type signature, not a program -->
 * ```
 *
 * One `key: value` per line; the checks run in the order written. See {@link CHECK_KEYS} and `docs/developer-guide/build.md`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';

/** What a marker line can say. */
export const CHECK_KEYS = [
  // How the block runs.
  'setup', // a JS expression that creates the map the block uses (`map`), for blocks that use one made as on the Map page
  'continues', // runs in the same page as the block before it, after that block's checks, with the same `map`
  'serve', // `URL prefix => /same-origin/prefix/ | shared:folder/ | json:<body>`: answers requests of the page's placeholder hosts
  'basemap', // `drawn`: the checks read the base map, served as published; other blocks get an empty one (empty-basemap.ts)
  // What it must do.
  'returns', // `expression => JSON`: the expression, evaluated in the block's scope (awaited), comes to equal the JSON
  'text', // `selector => text`: an element shows the text
  'click', // `selector`: clicks it (a step between checks)
  'element', // `selector at lng,lat`: the element's centre is where that place is on the map
  'pixels', // `#rrggbb at lng,lat[,alt]`: that colour is drawn around the place
  'no-pixels', // `#rrggbb at lng,lat[,alt]`: that colour is not drawn around the place
  'draws', // `layer id at lng,lat[,alt]`: showing the layer changes the pixels around the place (it draws there)
  'console', // `text`: the page logs a console message containing the text
  'request', // `URL prefix`: the page requests a URL starting with it
  'error', // `message start`: an `error` event the block is documented to cause (real data); any other fails
] as const;
export type CheckKey = (typeof CHECK_KEYS)[number];

export interface Check {
  key: CheckKey;
  value: string;
}

export interface DocExample {
  /** `developer-guide/api/marker.md` or `ja/developer-guide/api/marker.md`. */
  page: string;
  /** 1-based index of the block on its page. */
  index: number;
  /** Line of the opening fence. */
  line: number;
  lang: string;
  code: string;
  /** The marker's text, or null when the block has none. */
  marker: string | null;
  /** Reason the block is not run (marker `skip: …`). */
  skip: string | null;
  checks: Check[];
  /** Problems with the marker (unknown key, no checks, malformed value). */
  problems: string[];
}

export const DOCS = resolve(import.meta.dirname, '../../../docs');
export const API_DIR = 'developer-guide/api';

/** The API pages, English names (`map.md`, …). */
export function apiPages(): string[] {
  return readdirSync(resolve(DOCS, API_DIR)).filter((f) => f.endsWith('.md')).sort();
}

const FENCE = /^(```+|~~~+)([^\n`]*)$/;
const MARKER = /^<!--\s*example-check\b([\s\S]*?)-->/;

/** The fenced code blocks of a page (relative to docs/) and the marker after each. */
export function readExamples(page: string): DocExample[] {
  const lines = readFileSync(resolve(DOCS, page), 'utf8').split('\n');
  const examples: DocExample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const start = i;
    const fence = open[1];
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i].startsWith(fence); i++) body.push(lines[i]);
    // The marker: the first non-blank text after the closing fence.
    let j = i + 1;
    while (j < lines.length && lines[j].trim() === '') j++;
    const rest = lines.slice(j).join('\n');
    const m = MARKER.exec(rest);
    const example: DocExample = {
      page,
      index: examples.length + 1,
      line: start + 1,
      lang: open[2].trim().split(/\s+/)[0] ?? '',
      code: body.join('\n'),
      marker: m ? m[1].trim() : null,
      skip: null,
      checks: [],
      problems: [],
    };
    if (m) parseMarker(example, m[1]);
    else example.problems.push('no <!-- example-check … --> marker after the block');
    examples.push(example);
  }
  return examples;
}

function parseMarker(example: DocExample, text: string) {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  for (const line of lines) {
    const m = /^([a-z-]+)(?::\s*([\s\S]*))?$/.exec(line);
    if (!m) {
      example.problems.push(`marker line not "key: value": ${line}`);
      continue;
    }
    const [, key, value = ''] = m;
    if (key === 'skip') {
      if (!value.trim()) example.problems.push('skip needs a reason');
      example.skip = value.trim();
      continue;
    }
    if (!(CHECK_KEYS as readonly string[]).includes(key)) {
      example.problems.push(`unknown marker key "${key}" (known: skip, ${CHECK_KEYS.join(', ')})`);
      continue;
    }
    if (key !== 'continues' && !value.trim()) example.problems.push(`"${key}" needs a value`);
    if (key === 'basemap' && value.trim() !== 'drawn') example.problems.push(`"basemap" takes one value, drawn (not "${value.trim()}")`);
    example.checks.push({ key: key as CheckKey, value: value.trim() });
  }
  if (example.skip !== null && example.checks.length) example.problems.push('a skipped block has checks');
  const verifies = example.checks.filter((c) => !['setup', 'continues', 'serve', 'basemap', 'click'].includes(c.key));
  if (example.skip === null && !verifies.length) example.problems.push('no check of what the block does (returns, text, element, pixels, draws, console, request)');
  if (example.skip === null && example.lang !== 'js' && example.lang !== 'javascript') example.problems.push(`a runnable block must be \`js\`, not \`${example.lang}\``);
}

/**
 * The code without comments (they may be translated on the Japanese page): `//` and `/* *\/` outside string
 * and template literals, then trailing spaces and blank lines.
 */
export function withoutComments(code: string): string {
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (quote) {
      out += c;
      if (c === '\\') out += code[++i] ?? '';
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === '`') {
      quote = c;
      out += c;
    } else if (c === '/' && code[i + 1] === '/') {
      while (i < code.length && code[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      i = end < 0 ? code.length : end + 1;
    } else out += c;
  }
  return out.split('\n').map((l) => l.trimEnd()).filter((l) => l.trim()).join('\n');
}

/** Only import change allowed: the package name becomes the library served by `npm start`. */
export function toLibraryImports(code: string): string {
  return code.replace(/(from\s*|import\s*\(\s*|import\s+)(['"])tokyo-transit-3d\2/g, '$1$2/lib/index.js$2');
}

/** `marker.md`, `ja/…/marker.md` → a short name for test titles and files. */
export function exampleName(example: DocExample): string {
  const lang = example.page.startsWith('ja/') ? 'ja' : 'en';
  return `${lang}-${basename(example.page, '.md')}-${example.index}`;
}

/** Parses `lng,lat[,alt]`. */
export function parsePlace(text: string): { lngLat: [number, number]; altitude: number } {
  const parts = text.split(',').map((s) => Number(s.trim()));
  if (parts.length < 2 || parts.length > 3 || parts.some((n) => !Number.isFinite(n))) throw new Error(`not lng,lat[,alt]: ${text}`);
  return { lngLat: [parts[0], parts[1]], altitude: parts[2] ?? 0 };
}

/** Splits `left => right` (at the last `=>`, since the left may be an arrow function). */
export function splitArrow(value: string): [string, string] {
  const at = value.lastIndexOf(' => ');
  if (at < 0) throw new Error(`expected "… => …": ${value}`);
  return [value.slice(0, at).trim(), value.slice(at + 4).trim()];
}

/** Splits `left at right`. */
export function splitAt(value: string): [string, string] {
  const at = value.lastIndexOf(' at ');
  if (at < 0) throw new Error(`expected "… at lng,lat": ${value}`);
  return [value.slice(0, at).trim(), value.slice(at + 4).trim()];
}
