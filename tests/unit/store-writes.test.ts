/**
 * The store is written only through its actions: no file of `src/` outside `src/store.ts` and `src/store/` calls
 * `setState` (a deck.gl layer's own `this.setState` is its layer state, not the store). Reading the files as text
 * is enough: the store is reached as `store`, `this.store`, `host.store()` or a destructured `setState`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/config.ts';

const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A call of `setState` that is not a deck.gl layer's `this.setState`. */
const STORE_WRITE = /(?<!\bthis)\.setState\s*\(|(?<![.\w$])setState\s*\(/;

describe('store writes', () => {
  it('go through the store’s actions: no setState outside src/store*', () => {
    const files = sourceFiles(SRC).filter((path) => !relative(SRC, path).startsWith('store'));
    expect(files.length).toBeGreaterThan(100);
    const writes = files.flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, i) => (STORE_WRITE.test(line) ? [`${relative(ROOT, path).split(sep).join('/')}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(writes).toEqual([]);
  });

  it('are found by the pattern in the forms the store is reached by', () => {
    for (const line of ['store.setState({ a: 1 })', 'this.store.setState({})', 'this.host.store().setState(x)', 'const { setState } = s; setState({})', 'api.setState ( {} )']) expect(line).toMatch(STORE_WRITE);
    for (const line of ['this.setState({ frame })', 'const [state, setStatus] = useState(0)', 'store.getState().select(x)']) expect(line).not.toMatch(STORE_WRITE);
  });
});
