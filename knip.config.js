// knip (`npm run knip`, also part of `npm test`): files, exports and dependencies that nothing uses, and packages
// used without being listed in package.json. Its plugins read the entry points of package.json's scripts, Vite's
// configs (index.html → src/main.ts, the library's src/index.ts and src/api/react-example.tsx), Vitest, Playwright
// and VitePress; workers count through their `new Worker(new URL(..., import.meta.url))`.
/** @type {import('knip').KnipConfig} */
export default {
  entry: [
    'scripts/*.ts', // run with tsx by package.json's scripts, or by hand (scripts/docs-screenshots.ts)
    'scripts/bench/floor/main.tsx', // from scripts/bench/floor/index.html, which the bench builds
    'examples/plugins/*.js', // imported by the example pages (examples/*.html)
  ],
  project: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx}', 'tests/**/*.ts', 'docs/.vitepress/**/*.{ts,vue}', 'examples/**/*.js'],
  // The docs site lives in docs/, not at the root where the VitePress plugin looks.
  vitepress: { entry: ['docs/.vitepress/config.ts', 'docs/.vitepress/theme/index.ts'] },
  // The docs theme's components: knip reads their <script> blocks.
  compilers: { vue: (text) => [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n') },
  // An export its own file also uses (a constant, a type in a signature) stays exported for readers and tests;
  // knip reports the exports that nothing uses at all.
  ignoreExportsUsedInFile: true,
  // The generic static server of tests/e2e/static-site.spec.ts, started from its file path (createRequire().resolve).
  ignoreDependencies: ['http-server'],
  ignoreIssues: {
    // The records as the ODPT API sends them, written down for readers: the parsers check unknown JSON field by field.
    'src/data/realtime/odpt-types.ts': ['types'],
    'src/data/flights/flight-records.ts': ['types'],
  },
};
