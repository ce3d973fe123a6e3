/**
 * Section `package`: the library as a developer installs it. `npm pack` of the built package (the tarball and its
 * unpacked size), the `node_modules` of a fresh app that installs it with React (offline, from the npm cache; see
 * scripts/consumer/install.ts), and the self-contained build a plain page imports (`/lib/index.js`: its JavaScript,
 * raw and gzipped file by file). Measured once per bench, whatever `--runs` says: the figures do not vary.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { installConsumer } from '../../consumer/install.ts';
import { packPackage } from '../../consumer/pack.ts';
import type { BenchContext, BenchRow, BenchSection } from '../types.ts';

/** Files of the self-contained build that a page may load: its scripts and workers, not maps or the React example. */
function standaloneScripts(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.m?js$/.test(file) && !file.startsWith('react-example'))
    .map((file) => join(dir, file));
}

async function measure(ctx: BenchContext): Promise<BenchRow[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'tt-bench-package-'));
  try {
    const packed = packPackage(scratch);
    const consumer = installConsumer(join(scratch, 'app'), packed.file, ['react', 'react-dom']);
    ctx.detail(`tarball: ${packed.files.length} files; fresh consumer installed in ${consumer.seconds.toFixed(0)} s`);
    const scripts = standaloneScripts(ctx.paths.lib);
    const raw = scripts.reduce((sum, file) => sum + statSync(file).size, 0);
    const gzipped = scripts.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);
    return [
      { metric: 'npm tarball', value: packed.size, unit: 'bytes' },
      { metric: 'npm tarball, unpacked', value: packed.unpackedSize, unit: 'bytes' },
      { metric: 'fresh consumer node_modules (the package, react, react-dom)', value: consumer.installedBytes, unit: 'bytes' },
      { metric: 'self-contained build JS (index.js, chunks, workers)', value: raw, unit: 'bytes' },
      { metric: 'self-contained build JS, gzip', value: gzipped, unit: 'bytes', note: 'each file gzipped at level 9, summed' },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export const packageSection: BenchSection = {
  name: 'package',
  title: 'The npm package (tarball, a fresh consumer) and the self-contained build',
  run: (ctx) => ctx.memo('package', () => measure(ctx)),
};
