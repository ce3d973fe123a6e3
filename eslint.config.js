// ESLint (`npm run lint`, also part of `npm test`): typescript-eslint's recommended rules that need no type
// information, React's two hook rules, and the layering of src/ (lowest first: data → layers, basemap → store → ui →
// api → index.ts, main.ts), which eslint-plugin-boundaries checks on every import, export and import().
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';

/** The layers of src/, each a file category of eslint-plugin-boundaries. */
const LAYERS = [
  { category: 'data', pattern: 'src/data/**' },
  { category: 'layers', pattern: 'src/layers/**' },
  { category: 'basemap', pattern: 'src/basemap/**' },
  { category: 'store', pattern: ['src/store*', 'src/store/**'] },
  { category: 'ui', pattern: 'src/ui/**' },
  { category: 'api', pattern: 'src/api/**' },
];
const REACT = ['react', 'react-dom', 'react-map-gl'];
const RENDERING = [...REACT, '@deck.gl/*', '@luma.gl/*', 'maplibre-gl', 'three'];

/** What one layer may not import: other layers of src/ and packages (micromatch patterns of their names). */
const FORBIDDEN = {
  data: { layers: ['layers', 'basemap', 'store', 'ui', 'api'], packages: RENDERING },
  layers: { layers: ['store', 'ui', 'api'], packages: REACT },
  basemap: { layers: ['layers', 'store', 'ui', 'api'], packages: REACT },
  store: { layers: ['ui', 'api'], packages: [] },
  ui: { layers: ['api'], packages: [] },
};

const layering = Object.entries(FORBIDDEN).map(([from, { layers, packages }]) => ({
  from: { file: { categories: from } },
  disallow: {
    to: [{ file: { categories: layers } }, ...(packages.length ? [{ module: { origin: 'external', source: packages } }] : [])],
  },
  message: `src/${from} may not import '{{ dependency.source }}': it imports nothing from ${layers.map((l) => `src/${l}`).join(', ')}` +
    (packages.length ? ` nor ${packages.join(', ')}` : '') + ' (the layering of src/, see eslint.config.js)',
}));

export default defineConfig(
  {
    ignores: [
      'build/', 'dist/', 'test-results/', 'playwright-report/', 'docs/.vitepress/{cache,dist,.temp}/', 'public/',
      // Third-party source, kept as its authors wrote it (tests/fixtures/mt3d-published/README.md).
      'tests/fixtures/mt3d-published/',
    ],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks a binding kept on purpose, mostly a key left out of a rest object.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    // The two classic hook rules only: the plugin's recommended set adds the React Compiler's rules.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/files': LAYERS,
      // A few imports leave out the extension; Vite and tsc resolve them, so the rule must too.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', checkAllOrigins: true, policies: layering }],
    },
  },
);
