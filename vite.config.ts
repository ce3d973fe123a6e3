import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localAssets } from './scripts/vite-local-assets.ts';
import { webglOnly } from './scripts/vite-webgl-only.ts';

export default defineConfig({
  plugins: [react(), localAssets(), webglOnly()],
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
  },
});
