// The consumer app's Vite config, as a developer writes it: React, and a base path because the app is served from a
// sub-folder of its host.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  base: '/apps/transit/',
  plugins: [react()],
  // Mini Tokyo 3D's plugins import 'mini-tokyo-3d': the package's compat entry stands in for it.
  resolve: { alias: { 'mini-tokyo-3d': 'tokyo-transit-3d/mini-tokyo-3d' } },
  build: { chunkSizeWarningLimit: 4000 }, // the map's code is large; nothing to split here
});
