import { basemapRangesRead } from '../basemap/protocol.ts';
import type { KeepMessage } from '../sw/keep-message.ts';

/**
 * Registers the app's service worker (`service-worker.js` beside index.html, built from src/sw/service-worker.ts),
 * which keeps the app, its data and the base map seen so far for use with no network. The app page loads this module
 * once the first trains are drawn; the library never does. Once the worker controls the page, it is told what the
 * first view read from the base map before it did, to keep that too.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const tell = () => {
    const fonts = new URL('basemap/fonts/', document.baseURI).href;
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => url.startsWith(fonts));
    const message: KeepMessage = { type: 'tt:keep', archives: basemapRangesRead(), urls };
    container.controller?.postMessage(message);
  };
  if (!container.controller) container.addEventListener('controllerchange', tell, { once: true });
  // Its scope is the app's folder (the default: where the script is), wherever the app is deployed.
  container.register(new URL('service-worker.js', document.baseURI)).catch((e: unknown) => console.warn('Offline use is not available:', e));
}
