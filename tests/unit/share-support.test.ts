import { describe, expect, it } from 'vitest';
import { offersShare, shareBrowserOf, shareLink } from '../../src/data/share-support.ts';

/** Real user-agent strings of current browsers. */
const UA = {
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  edgeAndroid: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.0.0',
  edgeIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/131.2903.68 Mobile/15E148 Safari/605.1.15',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.104 Mobile Safari/537.36',
  operaAndroid: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 OPR/86.0.0.0',
  samsung: 'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36',
  chromeDesktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxDesktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  androidWebView: 'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.0.0 Mobile Safari/537.36',
  headlessChromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
};

describe('share button browsers', () => {
  it('recognises Edge, Safari, Chrome Android, Opera Android and Samsung Internet', () => {
    expect(shareBrowserOf(UA.edgeWindows)).toBe('edge');
    expect(shareBrowserOf(UA.edgeAndroid)).toBe('edge');
    expect(shareBrowserOf(UA.edgeIos)).toBe('edge');
    expect(shareBrowserOf(UA.safariMac)).toBe('safari');
    expect(shareBrowserOf(UA.safariIphone)).toBe('safari');
    expect(shareBrowserOf(UA.chromeAndroid)).toBe('chrome-android');
    expect(shareBrowserOf(UA.operaAndroid)).toBe('opera-android');
    expect(shareBrowserOf(UA.samsung)).toBe('samsung-internet');
  });

  it('offers no share button on desktop Chrome, Firefox, Chrome on iOS or an Android WebView', () => {
    for (const ua of [UA.chromeDesktop, UA.chromeMac, UA.firefoxDesktop, UA.firefoxAndroid, UA.chromeIos, UA.androidWebView, UA.headlessChromium, '']) expect(offersShare(ua), ua).toBe(false);
  });
});

describe('share link', () => {
  it('keeps the page and its other parameters, sets the selection and the camera', () => {
    const link = shareLink('https://example.org/tokyo/?lang=ja&selection=old#1/2/3/4/5', 'JR-East.Yamanote.400G', '#15.5/35.68/139.76/30/60');
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('https://example.org/tokyo/');
    expect(url.searchParams.get('lang')).toBe('ja');
    expect(url.searchParams.get('selection')).toBe('JR-East.Yamanote.400G');
    expect(url.hash).toBe('#15.5/35.68/139.76/30/60');
  });
});
