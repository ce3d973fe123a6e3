/**
 * The smallest page the stack allows (DEVELOPERS.md: a `DeckGL` over
 * react-map-gl with MapLibre): React, a MapLibre map with its worker, and
 * one deck.gl PathLayer. `npm run bench` builds it as the app is built and
 * reports its JavaScript as the floor under "JavaScript before the map shows".
 */
import { PathLayer } from '@deck.gl/layers';
import DeckGL from '@deck.gl/react';
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { createRoot } from 'react-dom/client';
import { Map } from 'react-map-gl/maplibre';

setWorkerUrl(workerUrl);

const line = new PathLayer<{ path: [number, number][] }>({
  id: 'line',
  data: [{ path: [[139.7671, 35.6812], [139.7006, 35.6896]] }],
  getPath: (d) => d.path,
  getColor: [128, 195, 66],
  getWidth: 8,
});

createRoot(document.getElementById('app')!).render(
  <DeckGL initialViewState={{ longitude: 139.767, latitude: 35.6814, zoom: 14, pitch: 60, bearing: 0 }} controller layers={[line]}>
    <Map mapStyle={{ version: 8, sources: {}, layers: [{ id: 'land', type: 'background', paint: { 'background-color': '#f0efeb' } }] }} />
  </DeckGL>,
);
