/**
 * Headless Chromium as these machines run it: Debian's build with software
 * WebGL2 (SwiftShader), and no background networking (the machines have no
 * internet; without these flags Chromium keeps trying to reach Google hosts).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-default-apps',
  '--disable-features=Translate,MediaRouter,OptimizationHints',
];

export const VIEWPORT = { width: 1280, height: 720 };
