/**
 * The npm build (`npm run build:npm`, run by `npm pack`): the package's entries for bundlers, in `build/npm/`.
 * React, deck.gl, luma.gl, loaders.gl, MapLibre, three and the other dependencies are imported, not bundled, so
 * that the consumer's bundler dedupes them with its own copies (and `<TransitMap>` runs on the host's React).
 *
 * As in the self-contained build (vite.lib.config.ts), `base: './'` writes every worker as
 * `new URL('assets/…', import.meta.url)` and MapLibre's worker is a file beside the chunk: a consumer's Vite or
 * webpack sees those URLs, copies the files into its own output and rewrites them.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { precompiledMessages } from './scripts/vite-precompiled-messages.ts';
import { webglOnly } from './scripts/vite-webgl-only.ts';

/** Packages the consumer installs (package.json's dependencies and peerDependencies), with their subpaths. */
const EXTERNAL = /^(react|react-dom|@deck\.gl|@luma\.gl|@loaders\.gl|@math\.gl|maplibre-gl|react-map-gl|three|zustand|react-intl|pmtiles|protobufjs|jszip|suncalc|@holiday-jp)(\/|$)/;

const entry = (file: string) => resolve(import.meta.dirname, 'src', file);

export default defineConfig({
  base: './',
  plugins: [react(), webglOnly(), precompiledMessages()],
  define: { 'import.meta.env.TT_LIBRARY': JSON.stringify('npm') },
  publicDir: false,
  build: {
    target: 'es2020',
    outDir: 'build/npm',
    emptyOutDir: true,
    sourcemap: false,
    cssCodeSplit: false,
    lib: {
      entry: { index: entry('index.ts'), react: entry('react.ts'), 'mini-tokyo-3d': entry('mini-tokyo-3d.ts') },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
      cssFileName: 'style',
    },
    rolldownOptions: {
      // A query (`maplibre-gl-worker.mjs?url&no-inline`) asks Vite for a file of ours, not an import; style sheets
      // (MapLibre's) go into our style.css, so that the JavaScript imports none.
      external: (id) => EXTERNAL.test(id) && !id.includes('?') && !id.endsWith('.css'),
    },
  },
});
