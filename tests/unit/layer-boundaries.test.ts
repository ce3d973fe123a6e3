import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/config.ts';

/** The boundary rule's messages for `code` as if it were the file at `filePath` (relative to the project). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

describe('the layering of src/ in eslint.config.js', () => {
  it('stops src/data from importing a deck.gl layer of src/layers', async () => {
    const errors = await boundaryErrors('src/data/x.ts', "import { TrainLayer } from '../layers/train-layer.ts';\nexport const layer = TrainLayer;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("src/data may not import '../layers/train-layer.ts'");
  });

  it('lets src/data import src/data', async () => {
    expect(await boundaryErrors('src/data/x.ts', "import { normalizeBearing } from './hash.ts';\nexport const bearing = normalizeBearing(370);\n")).toEqual([]);
  });

  it.each([
    ['src/data/x.ts', "import type { AppStore } from '../store.ts';"],
    ['src/data/x.ts', "import { Deck } from '@deck.gl/core';"],
    ['src/data/x.ts', "import { createRoot } from 'react-dom/client';"],
    ['src/data/x.ts', "export const module = import('../ui/App.tsx');"],
    ['src/layers/x.ts', "import { useState } from 'react';"],
    ['src/basemap/x.ts', "import { TrainLayer } from '../layers/train-layer.ts';"],
    ['src/store.ts', "import { App } from './ui/App.tsx';"],
    ['src/ui/x.ts', "import type { Map } from '../api/map.ts';"],
  ])('stops %s from %s', async (filePath, code) => {
    expect(await boundaryErrors(filePath, `${code}\n`)).toHaveLength(1);
  });

  it.each([
    ['src/layers/x.ts', "import { Deck } from '@deck.gl/core';\nimport { normalizeBearing } from '../data/hash.ts';"],
    ['src/ui/x.ts', "import { useState } from 'react';\nimport type { AppStore } from '../store.ts';\nimport { TrainLayer } from '../layers/train-layer.ts';"],
    ['src/api/x.ts', "import { App } from '../ui/App.tsx';"],
  ])('lets %s import the layers below it', async (filePath, code) => {
    expect(await boundaryErrors(filePath, `${code}\n`)).toEqual([]);
  });
});
