/// <reference types="vite/client" />

interface ImportMetaEnv {
  /**
   * Set in the library builds: `'standalone'` in the self-contained one (vite.lib.config.ts), where assets resolve
   * against the library's URL; `'npm'` in the one for bundlers (vite.npm.config.ts). Absent in the app.
   */
  readonly TT_LIBRARY?: 'standalone' | 'npm';
}
