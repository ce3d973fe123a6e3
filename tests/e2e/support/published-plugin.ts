/**
 * Builds a plugin Mini Tokyo 3D published from its own source (tests/fixtures/mt3d-published), as its rollup config
 * does: shaders (`.glsl`) imported as strings, images inlined, its CSS in a file of its own, and `mini-tokyo-3d` left
 * to the page (an import map points it at the library's compat entry). The Font Awesome icons the plugins import from
 * their dev dependencies are not installed here: a stand-in drawing of ours takes their place.
 */
import { join } from 'node:path';
import { build, type Plugin } from 'vite';

export const PUBLISHED_PLUGINS = join(import.meta.dirname, '../../fixtures/mt3d-published');

/** The plugin's `.glsl` files as strings of their text (the plugins' own build also strips comments; no need here). */
const glsl: Plugin = {
  name: 'glsl-as-string',
  transform: (code, id) => (id.endsWith('.glsl') ? { code: `export default ${JSON.stringify(code)};`, map: null } : undefined),
};

const fixture = (path: string) => join(PUBLISHED_PLUGINS, path);

/**
 * What a plugin imports from its dependencies, pointed at the copies here: the Font Awesome icons at our stand-ins,
 * and, for the precipitation plugin, the rain layer of its dependency `mapbox-gl-rain-layer`, whose own imports of
 * `mapbox-gl` and `three` its rollup config points at the plugin's re-exports of `mini-tokyo-3d`'s `mapboxgl` and `THREE`.
 */
const ALIASES: Record<string, string> = {
  '@fortawesome/fontawesome-free/svgs/solid/video.svg': fixture('stand-ins/video.svg'),
  '@fortawesome/fontawesome-free/svgs/solid/cloud-showers-heavy.svg': fixture('stand-ins/cloud-showers-heavy.svg'),
  'mapbox-gl-rain-layer/src/index.js': fixture('mapbox-gl-rain-layer/index.js'),
  'mapbox-gl': fixture('precipitation/mapboxgl.js'),
  three: fixture('precipitation/three.js'),
};

/** Builds `<name>/index.js` into `outDir` as `<name>.js` (an ES module) and `<name>.css`. */
export async function buildPublishedPlugin(name: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: join(PUBLISHED_PLUGINS, name),
    plugins: [glsl],
    resolve: { alias: ALIASES },
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      lib: { entry: 'index.js', formats: ['es'], fileName: () => `${name}.js`, cssFileName: name },
      rolldownOptions: { external: ['mini-tokyo-3d'] },
    },
  });
}
