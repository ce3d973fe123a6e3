/**
 * The library build (`npm run build:lib`): the `Map` API as one self-contained
 * ES module (React, deck.gl and MapLibre bundled in, so that a plain HTML page
 * can import it) with its workers and one CSS file, in `build/lib/`.
 * `npm start` serves it at `/lib/`. Defaults such as the data folder resolve
 * against the library's own URL (`/lib/../data/`), see `src/api/asset-base.ts`.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { webglOnly } from './scripts/vite-webgl-only.ts';

export default defineConfig({
  plugins: [react(), webglOnly()],
  // Library mode leaves process.env.NODE_ENV to the consumer's bundler; a plain page has none.
  define: { 'import.meta.env.TT_LIBRARY': 'true', 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    target: 'es2020',
    outDir: 'build/lib',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 2500,
    cssCodeSplit: false,
    lib: {
      // The React example (examples/react.html) is built with the library so that it shares its React.
      // The Mini Tokyo 3D compat entry is an entry of the same build, so that it shares three.js and MapLibre with it.
      entry: {
        index: resolve(import.meta.dirname, 'src/index.ts'),
        'mini-tokyo-3d': resolve(import.meta.dirname, 'src/mini-tokyo-3d.ts'),
        'react-example': resolve(import.meta.dirname, 'src/api/react-example.tsx'),
      },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
      cssFileName: 'style',
    },
  },
});
