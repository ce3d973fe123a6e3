/**
 * The React example (`/examples/react.html`, built with the library as `/lib/react-example.js`): a React app with
 * `<TransitMap>` and controls of its own. Options go in as props, listeners in `on`, and `onMap` hands over the
 * `Map` for its methods.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { TransitMap } from './TransitMap.tsx';
import type { Map } from './map.ts';

function Example() {
  const [shown, setShown] = useState(true);
  const [map, setMap] = useState<Map | null>(null);
  const [selection, setSelection] = useState('none');
  const [loaded, setLoaded] = useState(false);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <nav style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '8px 12px' }}>
        <button type="button" onClick={() => setShown(!shown)}>
          {shown ? 'Remove the map' : 'Show the map'}
        </button>
        <button type="button" disabled={!map} onClick={() => map?.setSelection('JR-East.Yamanote.Shibuya')}>
          Select Shibuya
        </button>
        <span data-testid="react-status">
          {loaded ? 'Loaded' : 'Loading'} · selection: {selection}
        </span>
      </nav>
      {shown && (
        <TransitMap
          style={{ flex: 1 }}
          lang="en"
          time="2026-11-24T08:00:00+09:00"
          onMap={(m) => {
            setMap(m);
            (window as unknown as { map: Map | null }).map = m;
          }}
          on={{
            load: () => setLoaded(true),
            selection: (e) => setSelection(String(e.selection ?? e.id)),
            deselection: () => setSelection('none'),
          }}
        />
      )}
    </div>
  );
}

/** Renders the example into an element. */
export function mountExample(element: HTMLElement): void {
  createRoot(element).render(
    <StrictMode>
      <Example />
    </StrictMode>,
  );
}
