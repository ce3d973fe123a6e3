/**
 * A fresh consumer of the packed package: a folder with a package.json that depends on the tarball (and on chosen
 * packages of this repository's tree, e.g. React or Vite), installed with `npm ci --offline` from the npm cache.
 *
 * The registry's package documents are not in the cache (`npm ci` of this repository fetched only tarballs), so the
 * consumer's package-lock.json is cut out of this repository's: the entries its dependencies reach, at the same
 * places, which are the tarballs the cache holds.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, lstatSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT } from '../config.ts';

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [key: string]: unknown;
}

interface Lock {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

/** The folder a lock path's package resolves its dependencies from first, and then its parents ('' is the root). */
function parentPath(path: string): string | null {
  if (path === '') return null;
  const at = path.lastIndexOf('/node_modules/');
  return at < 0 ? '' : path.slice(0, at);
}

/** Where Node finds `name` from the package at lock path `from`, or null. */
function resolveIn(packages: Lock['packages'], from: string, name: string): string | null {
  for (let dir: string | null = from; dir !== null; dir = parentPath(dir)) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
  }
  return null;
}

/** The entries of `lock` that `roots` (lock paths) reach, with the flags of the repository's own tree removed. */
function reachable(lock: Lock, roots: string[]): Record<string, LockEntry> {
  const out: Record<string, LockEntry> = {};
  const queue = [...roots];
  while (queue.length) {
    const path = queue.pop()!;
    if (out[path]) continue;
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = lock.packages[path];
    out[path] = entry;
    const names = { ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies };
    for (const name of Object.keys(names)) {
      const found = resolveIn(lock.packages, path, name);
      // Missing: an optional peer, or an optional dependency for another platform.
      if (found) queue.push(found);
    }
  }
  return out;
}

/** A consumer app installed by {@link installConsumer}. */
export interface InstalledConsumer {
  /** Bytes of its node_modules (files, not counting directories). */
  installedBytes: number;
  /** Wall time of the install, seconds. */
  seconds: number;
}

/**
 * Creates `dir`/package.json depending on the tarball and on `packages` (names in this repository's tree, at its
 * versions), cuts its lock out of this repository's, and installs it offline.
 */
export function installConsumer(dir: string, tarball: string, packages: string[], extra: Record<string, unknown> = {}): InstalledConsumer {
  mkdirSync(dir, { recursive: true });
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lock;
  const own = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; license: string; dependencies: Record<string, string>; peerDependencies: Record<string, string> };
  const file = basename(tarball);
  copyFileSync(tarball, join(dir, file));
  const dependencies: Record<string, string> = { [own.name]: `file:${file}` };
  for (const name of packages) dependencies[name] = lock.packages[`node_modules/${name}`].version!;

  const roots = [...Object.keys(own.dependencies), ...Object.keys(own.peerDependencies), ...packages].map((name) => {
    const path = resolveIn(lock.packages, '', name);
    if (!path) throw new Error(`${name} is not in package-lock.json`);
    return path;
  });
  const entries = reachable(lock, roots);
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  const manifest = { name: 'consumer', version: '0.0.0', private: true, type: 'module', dependencies, ...extra };
  const consumerLock = {
    name: 'consumer',
    version: '0.0.0',
    lockfileVersion: lock.lockfileVersion,
    requires: true,
    packages: {
      '': { name: 'consumer', version: '0.0.0', dependencies },
      [`node_modules/${own.name}`]: { version: own.version, resolved: `file:${file}`, integrity, license: own.license, dependencies: own.dependencies, peerDependencies: own.peerDependencies },
      ...entries,
    },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(consumerLock, null, 2)}\n`);
  const started = performance.now();
  execFileSync('npm', ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  return { installedBytes: folderBytes(join(dir, 'node_modules')), seconds: (performance.now() - started) / 1000 };
}

/** Bytes of the files under `dir` (symbolic links not followed). */
function folderBytes(dir: string): number {
  let bytes = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    bytes += stat.isDirectory() ? folderBytes(path) : stat.size;
  }
  return bytes;
}
