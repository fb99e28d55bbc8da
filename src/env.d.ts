interface ImportMetaEnv {
  /** Set by vite.config.ts for every build: the version and commit, or BUILD_ID/VITE_BUILD_ID. */
  readonly VITE_BUILD_ID: string;
}
