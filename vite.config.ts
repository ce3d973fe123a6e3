import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localAssets } from './scripts/vite-local-assets.ts';
import { precompiledMessages } from './scripts/vite-precompiled-messages.ts';
import { webglOnly } from './scripts/vite-webgl-only.ts';

export default defineConfig({
  plugins: [react(), localAssets(), webglOnly(), precompiledMessages()],
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
  },
});
