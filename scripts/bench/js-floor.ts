/**
 * The JavaScript floor of the stack: builds `floor/` (React, react-map-gl
 * with MapLibre and its worker, one deck.gl layer; nothing of the app) with
 * the app's Vite, React and WebGL-only plugins and the app's build target, and gzips
 * every script it emits at the level the app server uses. What the app adds
 * on top of this is what code-splitting can act on.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { webglOnly } from '../vite-webgl-only.ts';

const FLOOR_ROOT = join(dirname(fileURLToPath(import.meta.url)), 'floor');

/** A built script of the floor page. */
export interface FloorScript {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** Builds the floor page in a temporary folder and returns its scripts (largest first). */
export async function measureJsFloor(): Promise<FloorScript[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'tt-js-floor-'));
  try {
    await build({
      root: FLOOR_ROOT,
      configFile: false,
      logLevel: 'silent',
      base: './',
      plugins: [react(), webglOnly()],
      build: { target: 'es2020', outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2500 },
    });
    const assets = join(outDir, 'assets');
    return readdirSync(assets)
      .filter((f) => /\.m?js$/.test(f))
      .map((file) => {
        const body = readFileSync(join(assets, file));
        return { file, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
      })
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
