/**
 * The React example (`/examples/react.html`, built with the library as `/lib/react-example.js`): a React app with
 * `<TransitMap>` and controls of its own. Options go in as props (language, zoom and theme change after mounting),
 * events as callbacks (`onLoad`) or in `on`, and the `Map` comes through `ref` and `onMap`.
 */
import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { TransitMap } from './TransitMap.tsx';
import type { Map } from './map.ts';

function Example() {
  const [shown, setShown] = useState(true);
  const [map, setMap] = useState<Map | null>(null);
  const [selection, setSelection] = useState('none');
  const [loaded, setLoaded] = useState(false);
  const [lang, setLang] = useState<'en' | 'ja'>('en');
  const [zoom, setZoom] = useState(14);
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  const mapRef = useRef<Map | null>(null);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <nav style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '8px 12px' }}>
        <button type="button" onClick={() => setShown(!shown)}>
          {shown ? 'Remove the map' : 'Show the map'}
        </button>
        <button type="button" disabled={!map} onClick={() => map?.setSelection('JR-East.Yamanote.Shibuya')}>
          Select Shibuya
        </button>
        <button type="button" onClick={() => setLang(lang === 'en' ? 'ja' : 'en')}>
          {lang === 'en' ? '日本語' : 'English'}
        </button>
        <button type="button" onClick={() => setZoom(zoom === 14 ? 15 : 14)}>
          Zoom {zoom === 14 ? 15 : 14}
        </button>
        <button type="button" onClick={() => setTheme(theme === 'light' ? 'dark' : 'light')}>
          {theme === 'light' ? 'Dark' : 'Light'} theme
        </button>
        <button type="button" disabled={!map} onClick={() => mapRef.current?.setViewMode(mapRef.current.getViewMode() === 'ground' ? 'underground' : 'ground')}>
          Ground / underground
        </button>
        <span data-testid="react-status">
          {loaded ? 'Loaded' : 'Loading'} · selection: {selection}
        </span>
      </nav>
      {shown && (
        <TransitMap
          style={{ flex: 1 }}
          ref={mapRef}
          lang={lang}
          zoom={zoom}
          theme={theme}
          time="2026-11-24T08:00:00+09:00"
          onMap={(m) => {
            setMap(m);
            (window as unknown as { map: Map | null }).map = m;
          }}
          onLoad={() => {
            setLoaded(true);
            const page = window as unknown as { loads?: number };
            page.loads = (page.loads ?? 0) + 1; // counted by the browser test that mounts it again and again
          }}
          on={{
            // A station's selection is its transfer group's station ids, the chosen one first.
            selection: (e) => setSelection(String((Array.isArray(e.selection) ? e.selection[0] : e.selection) ?? e.id)),
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
