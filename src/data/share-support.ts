/**
 * Whether to offer the share button: only on the browsers whose Web Share
 * API hands the link to the system's share sheet well (Edge, Safari, Chrome
 * on Android, Opera on Android, Samsung Internet), decided from the user
 * agent string. Desktop Chrome and Firefox are left out (no share sheet, or
 * none on most systems).
 */

/** The browsers that get the share button. */
export type ShareBrowser = 'edge' | 'safari' | 'chrome-android' | 'opera-android' | 'samsung-internet';

/** Which of the sharing browsers `userAgent` is, or null when it is none of them. */
export function shareBrowserOf(userAgent: string): ShareBrowser | null {
  const ua = userAgent;
  const android = /\bAndroid\b/.test(ua);
  if (/\bSamsungBrowser\//.test(ua)) return 'samsung-internet';
  if (/\bEdg(?:e|A|iOS)?\//.test(ua)) return 'edge';
  if (android && /\b(?:OPR|OPT|Opera)\//.test(ua)) return 'opera-android';
  // Chrome on Android; Android WebViews ("; wv)") are apps' embedded views, not the browser.
  if (android && /\bChrome\/\d/.test(ua) && !/;\s*wv\)/.test(ua) && !/\b(?:Firefox|YaBrowser|UCBrowser|MiuiBrowser)\//.test(ua)) return 'chrome-android';
  // Safari (macOS, iOS, iPadOS): "Version/… Safari/", not another engine's or vendor's browser.
  if (!android && /\bVersion\/[\d.]+.*\bSafari\//.test(ua) && !/\b(?:Chrome|Chromium|CriOS|FxiOS|EdgiOS|OPR|OPiOS)\//.test(ua)) return 'safari';
  return null;
}

/** True when the share button is shown for this user agent. */
export function offersShare(userAgent: string): boolean {
  return shareBrowserOf(userAgent) !== null;
}

/**
 * The link that reopens a selection with the same camera: the page's own
 * address and query (other parameters such as `lang` kept), `selection` set to
 * the id, and the camera in the hash (`#zoom/lat/lng/bearing/pitch`).
 */
export function shareLink(pageUrl: string, selectionId: string, cameraHash: string): string {
  const url = new URL(pageUrl);
  url.searchParams.set('selection', selectionId);
  url.hash = cameraHash.replace(/^#/, '');
  return url.href;
}
