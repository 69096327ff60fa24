/** The git commit the app was built from ('' when unknown); set by vite.config.ts. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Footer vendor name and address, and patents address; set at build time by a deployment. */
  readonly VITE_VENDOR_NAME?: string;
  readonly VITE_VENDOR_URL?: string;
  readonly VITE_PATENTS_URL?: string;
}
