/**
 * A private copy of the built app and the data bundle for one bench
 * invocation. Other commands in the same checkout (npm test, npm run build)
 * rebuild dist/ and the bundle; serving a copy keeps every run measuring the
 * same build, and a rebuild midway cannot make the page 404.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProjectPaths } from '../config.ts';

/** How long to keep trying when the copy caught a build half-written. */
const SNAPSHOT_TIMEOUT_MS = 60_000;
const RETRY_MS = 2000;

export interface Snapshot {
  /** `paths` with `dist` and `out` pointing at the copy. */
  paths: ProjectPaths;
  /** Deletes the copy. */
  remove(): void;
}

/** Whether the copy is a whole build: index.html, every asset it names, and the bundle manifest with its files. */
function isComplete(dist: string, out: string): boolean {
  const index = join(dist, 'index.html');
  const manifest = join(out, 'manifest.json');
  if (!existsSync(index) || !existsSync(manifest)) return false;
  const assets = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+)"/g)].map((m) => m[1]);
  if (!assets.every((a) => existsSync(join(dist, a)))) return false;
  try {
    const files = [...readFileSync(manifest, 'utf8').matchAll(/"file":\s*"([^"]+)"/g)].map((m) => m[1]);
    return files.every((f) => existsSync(join(out, f)));
  } catch {
    return false;
  }
}

/** Copies dist/ and the data bundle into a temporary folder, retrying while they are being rebuilt. */
export async function snapshotBuild(paths: ProjectPaths, log: (line: string) => void): Promise<Snapshot> {
  const root = mkdtempSync(join(tmpdir(), 'tt-bench-'));
  const remove = () => {
    rmSync(root, { recursive: true, force: true });
    process.off('exit', remove);
  };
  process.on('exit', remove); // also when the bench ends with process.exit before its own clean-up
  const deadline = Date.now() + SNAPSHOT_TIMEOUT_MS;
  try {
    for (let attempt = 1; ; attempt++) {
      const dist = join(root, `dist-${attempt}`);
      const out = join(root, `data-${attempt}`);
      try {
        cpSync(paths.dist, dist, { recursive: true });
        cpSync(paths.out, out, { recursive: true });
      } catch {
        // a file vanished while copying: a rebuild is under way
      }
      if (isComplete(dist, out)) return { paths: { ...paths, dist, out }, remove };
      rmSync(dist, { recursive: true, force: true });
      rmSync(out, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`dist/ or the data bundle stayed incomplete for ${SNAPSHOT_TIMEOUT_MS / 1000} s (being rebuilt by another command?)`);
      if (attempt === 1) log('dist/ or the data bundle is being rebuilt; waiting for a complete build …');
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  } catch (e) {
    remove();
    throw e;
  }
}
