/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** True in the library build (vite.lib.config.ts), where assets resolve against the library's URL. */
  readonly TT_LIBRARY?: boolean;
}
