import type { Connect, Plugin } from 'vite';
import { resolvePaths } from './config.ts';
import { resolveAsset, sendFile } from './static-server.ts';

/** Serves the data bundle and the base map under /data and /basemap in `vite` dev and preview servers. */
export function localAssets(): Plugin {
  const middleware: Connect.NextHandleFunction = (req, res, next) => {
    const url = req.url ?? '/';
    if (!url.startsWith('/data/') && !url.startsWith('/basemap/')) return next();
    sendFile(req, res, resolveAsset(resolvePaths([]), url, false));
  };
  return {
    name: 'local-assets',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  };
}
