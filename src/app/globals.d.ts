/** The git commit the app was built from ('' when unknown); set by vite.config.ts. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Footer vendor name and address, and patents address; set at build time by a deployment. */
  readonly VITE_VENDOR_NAME?: string;
  readonly VITE_VENDOR_URL?: string;
  readonly VITE_PATENTS_URL?: string;
  /** The API's origin when it is not the app's own (spec section 7); a trailing :80 is dropped. */
  readonly VITE_API_BASE?: string;
}
