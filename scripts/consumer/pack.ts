/**
 * `npm pack` of this repository as it is built (the `prepack` script is skipped: callers build first, see
 * `ensureBuilt`), and what the tarball holds.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../config.ts';

/** A packed tarball. */
export interface PackedPackage {
  /** Path of the `.tgz`. */
  file: string;
  /** The tarball's bytes. */
  size: number;
  /** The bytes of its files, unpacked. */
  unpackedSize: number;
  /** Its files. */
  files: string[];
}

/** Packs the package into `destination` (a folder that exists). */
export function packPackage(destination: string): PackedPackage {
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', destination], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const [info] = JSON.parse(out) as { filename: string; size: number; unpackedSize: number; files: { path: string }[] }[];
  return { file: join(destination, info.filename), size: info.size, unpackedSize: info.unpackedSize, files: info.files.map((f) => f.path) };
}
