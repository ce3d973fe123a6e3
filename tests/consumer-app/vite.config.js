// The consumer app's Vite config, as a developer writes it: React, and a base path because the app is served from a
// sub-folder of its host.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  base: '/apps/transit/',
  plugins: [react()],
  build: { chunkSizeWarningLimit: 4000 }, // the map's code is large; nothing to split here
});
