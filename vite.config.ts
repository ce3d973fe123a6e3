import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { localAssets } from './scripts/vite-local-assets.ts';
import { precompiledMessages } from './scripts/vite-precompiled-messages.ts';
import { webglOnly } from './scripts/vite-webgl-only.ts';

export default defineConfig({
  plugins: [
    react(),
    localAssets(),
    webglOnly(),
    precompiledMessages(),
    // The service worker (src/sw/service-worker.ts → service-worker.js) and the web app manifest. src/main.ts registers the
    // worker itself, after the first view, so nothing is injected into the page but the manifest's link.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'service-worker.ts',
      injectRegister: false,
      includeManifestIcons: false,
      manifest: {
        name: 'Tokyo Transit 3D',
        short_name: 'Transit 3D',
        description: 'Real-time 3D map of Tokyo public transport: every train of the Tokyo rail network, animated from timetables.',
        start_url: './',
        scope: './',
        display: 'standalone',
        background_color: '#1c1c20',
        theme_color: '#1c1c20',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{html,js,mjs,css,svg,png,webmanifest,wasm}'],
        globIgnores: ['service-worker.js'],
        // The largest chunks (deck.gl, MapLibre, three.js for 3D Tiles) are a few MB each before compression.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
    }),
  ],
  base: './',
  build: {
    target: 'es2020',
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 2500,
  },
  server: { host: '127.0.0.1', port: 5173 },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // Hooks start local servers and workers; on a loaded 2-CPU machine that can take more than Vitest's 10 s.
    hookTimeout: 60_000,
    // One test file per CPU. Vitest's default leaves one CPU to itself (one file at a time on 2 CPUs); most files
    // wait on local servers and workers, and the suite ran in 100 s instead of 157 s on 2 CPUs.
    maxWorkers: availableParallelism(),
    // Files share their worker's module cache rather than importing the app afresh each: 66 s instead of 89 s on
    // 2 CPUs (1 Dec 2026). No file leaves state behind for the next: stubbed globals are undone after each test,
    // and \`npx vitest run --sequence.shuffle.files\` passes in any order.
    isolate: false,
    unstubGlobals: true,
  },
});
