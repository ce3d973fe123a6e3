// A React app that installed the packed tarball: the map through <TransitMap>, its stylesheet imported, two plugins.
import { StrictMode, useState, version } from 'react';
import { createRoot } from 'react-dom/client';
import { TransitMap } from 'tokyo-transit-3d/react';
import 'tokyo-transit-3d/style.css';
import { probePlugin } from './probe-plugin.js';
// Mini Tokyo 3D's published fireworks plugin, its ES module build as a developer would have it installed (the test
// builds it here from its source: tests/fixtures/mt3d-published).
import mt3dFireworks from './vendor/fireworks.js';
import './vendor/fireworks.css';

const plugins = [probePlugin(), mt3dFireworks()];

function App() {
  const [shown, setShown] = useState(true);
  const [loads, setLoads] = useState(0);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <nav style={{ padding: 8 }}>
        <button type="button" onClick={() => setShown(!shown)}>
          {shown ? 'Remove the map' : 'Show the map'}
        </button>
        <span data-testid="loads"> loads: {loads}</span>
      </nav>
      {shown && (
        <TransitMap
          style={{ flex: 1 }}
          lang="en"
          center={[139.7671, 35.6812]}
          zoom={15}
          pitch={45}
          time="2026-11-24T08:00:00+09:00"
          plugins={plugins}
          onMap={(map) => (window.map = map)}
          onLoad={() => setLoads((n) => n + 1)}
          onError={(e) => (window.mapErrors ??= []).push(e.message)}
        />
      )}
    </div>
  );
}

window.reactVersion = version;
createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
