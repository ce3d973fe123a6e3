import { parse } from '@formatjs/icu-messageformat-parser';
import { parseAst, type Plugin } from 'vite';

/** The interface text catalogs that react-intl formats (the error notices format their own text, without it). */
const CATALOG = /[\\/]src[\\/]ui[\\/]i18n[\\/](messages\.ts|messages[\\/][^\\/]+\.ts|(control|flight|route|station)-messages\.ts)$/;


interface Node {
  type: string;
  start: number;
  end: number;
  value?: unknown;
  [key: string]: unknown;
}

/** Every string literal that is the value of an object property, in source order. */
function messageLiterals(node: unknown, found: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const child of node) messageLiterals(child, found);
  } else if (node && typeof node === 'object') {
    const n = node as Node;
    const value = n.value as Node | undefined;
    if (n.type === 'Property' && value?.type === 'Literal' && typeof value.value === 'string') found.push(value);
    else for (const key of Object.keys(n)) messageLiterals(n[key], found);
  }
  return found;
}

/**
 * Compiles the ICU messages of the interface catalogs to react-intl's message ASTs at build time, and builds
 * react-intl without its message parser (about 7 kB gzip of the first view): what `@formatjs/cli compile --ast`
 * and the `no-parser` entry do, done in the build so that the catalogs stay readable TypeScript. A message that
 * does not parse fails the build, naming the file and the text.
 */
export function precompiledMessages(): Plugin {
  return {
    name: 'tt-precompiled-messages',
    apply: 'build',
    enforce: 'post',
    config: () => ({
      resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] },
    }),
    transform(code, id) {
      return CATALOG.test(id) ? { code: precompileCatalog(code, id), map: null } : null;
    },
  };
}

/**
 * `code` (JavaScript) with each non-empty string that is an object property's value replaced by its ICU message
 * AST. A message that does not parse throws, naming `file` and the text.
 */
export function precompileCatalog(code: string, file: string): string {
  let out = code;
  for (const literal of messageLiterals(parseAst(code)).reverse()) {
    const text = literal.value as string;
    if (text === '') continue;
    let ast: unknown;
    try {
      ast = parse(text);
    } catch (e) {
      throw new Error(`${file}: the message ${JSON.stringify(text)} is not valid ICU message syntax: ${(e as Error).message}`);
    }
    out = out.slice(0, literal.start) + JSON.stringify(ast) + out.slice(literal.end);
  }
  return out;
}
