/*
 * Cesium finds its workers and assets under window.CESIUM_BASE_URL. vite.config.ts defines it at
 * build time; this sets it at run time as well, and is imported before 'cesium' so it runs first.
 */
declare const CESIUM_BASE_URL: string;
(window as { CESIUM_BASE_URL?: string }).CESIUM_BASE_URL ??= CESIUM_BASE_URL;
