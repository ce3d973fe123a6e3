import { join } from 'node:path';
import { build, type Rollup } from 'vite';
import { ROOT } from '../config.ts';

/** Global under which {@link buildPageDecoders}' script exposes the decoders in the page. */
export const PAGE_DECODERS_GLOBAL = '__ttBenchDecoders';

/** The decoders the injected script provides (same source as the app's, bundled and minified the same way). */
export interface PageDecoders {
  decodeTimetable(bytes: ArrayBuffer, source: string): { trainCount: number };
}

/** Source of the entry module: every bundle decoder the bench times in the page. */
const ENTRY = `export { decodeTimetable } from ${JSON.stringify(join(ROOT, 'src/data/timetable.ts'))};\n`;
const ENTRY_ID = 'virtual:tt-bench-decoders';

/**
 * Bundles the data decoders of src/data into one minified script (an IIFE
 * setting `window.__ttBenchDecoders`) to inject into the page, so that decode
 * times are measured in the browser even for data the app does not load yet.
 * When the app decodes timetables itself and marks it, read its mark instead.
 */
export async function buildPageDecoders(): Promise<string> {
  const output = await build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    plugins: [
      {
        name: 'tt-bench-entry',
        resolveId: (id) => (id === ENTRY_ID ? ENTRY_ID : null),
        load: (id) => (id === ENTRY_ID ? ENTRY : null),
      },
    ],
    build: {
      write: false,
      // Nothing is written; never touch the app's dist/ either.
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2020',
      minify: true,
      sourcemap: false,
      modulePreload: false,
      rollupOptions: { preserveEntrySignatures: 'strict', input: ENTRY_ID, output: { format: 'iife', name: PAGE_DECODERS_GLOBAL, entryFileNames: 'decoders.js' } },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((o): o is Rollup.OutputChunk => o.type === 'chunk');
  if (!chunk) throw new Error('Bundling the page decoders produced no script.');
  return chunk.code;
}
