import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { WebMercatorViewport } from '@deck.gl/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resolvePaths } from '../../scripts/config.ts';
import { customDeckLayer } from '../../src/layers/custom-deck-layers.ts';
import type { CustomLayer } from '../../src/layers/layer-types.ts';

/** The 3D Tiles sample (a tileset of four b3dm tiles), served over HTTP; the paths asked for are kept. */
const SAMPLE = join(resolvePaths([], {}).tiles3d, 'city');
let server: Server;
let origin = '';
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const name = (req.url ?? '').split('?')[0].slice(1);
    requested.push(name);
    try {
      res.writeHead(200, { 'Content-Type': name.endsWith('.json') ? 'application/json' : 'application/octet-stream' }).end(readFileSync(join(SAMPLE, name)));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** What of deck.gl's Tile3DLayer the test drives by hand, as deck.gl's layer manager would. */
interface DrivenLayer {
  props: unknown;
  context: unknown;
  state: Record<string, unknown>;
  setState(partial: Record<string, unknown>): void;
  setNeedsUpdate(): void;
  updateState(params: unknown): void;
}

it('a 3D Tiles layer whose tileset loads after the camera was taken in, with no frame drawn since, picks its tiles', async () => {
  const layer: CustomLayer = { id: 'city', type: 'tile-3d', visible: true, spec: { id: 'city', type: 'tile-3d', data: `${origin}/tileset.json` } } as CustomLayer;
  const errors: string[] = [];
  const deckLayer = customDeckLayer(layer, true, { color: [1, 1, 1], intensity: 1 }, (message) => errors.push(message)) as unknown as DrivenLayer;
  // The layer's state as Tile3DLayer's initializeState leaves it, and the context's timeline that tile picking needs.
  deckLayer.context = { timeline: { getTime: () => 0 } };
  deckLayer.state = { activeViewports: {}, lastUpdatedViewports: null, layerMap: {}, tileset3d: null, frameNumber: 0 };
  deckLayer.setState = (partial) => Object.assign(deckLayer.state, partial);
  deckLayer.setNeedsUpdate = () => {};
  const viewport = new WebMercatorViewport({ id: 'map', width: 800, height: 500, longitude: -75.6117, latitude: 40.042, zoom: 17, pitch: 45, bearing: 20 });

  // The first update starts loading the tileset; the camera drawn meanwhile is taken in by the next update
  // (`viewportChanged`), which leaves no viewport drawn since. The tileset arrives before another frame is drawn.
  const { props } = deckLayer;
  deckLayer.updateState({ props, oldProps: {}, changeFlags: {} });
  deckLayer.state.activeViewports = { map: viewport };
  deckLayer.updateState({ props, oldProps: props, changeFlags: { viewportChanged: true } });
  expect(deckLayer.state.activeViewports).toEqual({});

  await expect.poll(() => requested.filter((name) => name.endsWith('.b3dm')).sort(), { timeout: 10_000 }).toEqual(['ll.b3dm', 'lr.b3dm', 'ul.b3dm', 'ur.b3dm']);
  expect(requested[0]).toBe('tileset.json');
  expect(errors).toEqual([]);
});
