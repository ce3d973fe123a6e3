/**
 * Registers the app's service worker (`service-worker.js` beside index.html, built from src/sw/service-worker.ts), which keeps the
 * app, its data and the base map seen so far for use with no network. The app page loads this module once the first
 * trains are drawn; the library never does.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Its scope is the app's folder (the default: where service-worker.js is), wherever the app is deployed.
  navigator.serviceWorker.register(new URL('service-worker.js', document.baseURI)).catch((e: unknown) => console.warn('Offline use is not available:', e));
}
