/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The domain tenants are subdomains of, for the dev server (the served app reads it from the page). */
  readonly VITE_APP_DOMAIN?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
