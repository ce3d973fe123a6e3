import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, VIEWPORT } from '../../tests/support/chromium.ts';
import type { BenchPage } from './types.ts';

/** Resource Timing keeps 250 entries by default; base map tiles and glyphs can exceed that. */
const RESOURCE_TIMING_BUFFER = 5000;

/** Launches the headless Chromium the tests use (software WebGL2, no background networking). */
export async function launchBrowser(): Promise<Browser> {
  try {
    return await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  } catch (e) {
    throw new Error(`Could not start Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH to change): ${(e as Error).message.split('\n')[0]}`);
  }
}

/**
 * Opens a page in a new browser context (cold HTTP cache, own renderer
 * process) with a CDP session and a large Resource Timing buffer; `device`
 * replaces the desktop window (1280×720) by another device's screen.
 */
export async function openBenchPage(browser: Browser, device: BrowserContextOptions = {}): Promise<BenchPage> {
  const context = await browser.newContext({ viewport: VIEWPORT, ...device });
  try {
    await context.addInitScript(`performance.setResourceTimingBufferSize(${RESOURCE_TIMING_BUFFER});`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    return { context, page, cdp, close: () => context.close() };
  } catch (e) {
    await context.close();
    throw e;
  }
}

/** The WebGL renderer string Chromium reports (e.g. SwiftShader), from a blank page. */
export async function webglRenderer(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    return await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      if (!gl) return 'no WebGL2';
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    });
  } finally {
    await context.close();
  }
}
