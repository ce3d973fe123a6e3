/**
 * The self-contained library build (`npm run build:lib`): the `Map` API as one ES module with React, deck.gl and
 * MapLibre bundled in, so that a plain page can `import { Map } from '…/index.js'` without a bundler, with its workers
 * and one CSS file, in `build/lib/`. `npm start` serves it at `/lib/`.
 *
 * Everything it loads resolves against its own URL, never the page's root: `base: './'` makes Vite write each worker
 * as `new URL('assets/…', import.meta.url)`, MapLibre's worker is emitted as a file beside the chunk (lib mode would
 * otherwise inline it as base64), and defaults such as the data folder resolve one folder up (`/lib/../data/`), see
 * `src/api/asset-base.ts`. The npm build for bundlers is vite.npm.config.ts.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { precompiledMessages } from './scripts/vite-precompiled-messages.ts';
import { webglOnly } from './scripts/vite-webgl-only.ts';

export default defineConfig({
  base: './',
  plugins: [react(), webglOnly(), precompiledMessages()],
  // Library mode leaves process.env.NODE_ENV to the consumer's bundler; a plain page has none.
  define: { 'import.meta.env.TT_LIBRARY': JSON.stringify('standalone'), 'process.env.NODE_ENV': JSON.stringify('production') },
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
