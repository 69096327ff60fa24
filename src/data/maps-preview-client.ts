/*
 * The one place that starts the geo preview worker for the create-map view: the view asks for a
 * preview and may cancel it, and never constructs workers itself.
 */
import * as Comlink from 'comlink';
import type { MapSettings } from '../../domain/geo/geo-settings.ts';
import type { GeoProgress } from '../../domain/geo/parse-geo.ts';
import type { GeoPreviewApi, GeoPreviewResult } from './maps-preview-api.ts';
import { previewWorkerRuns, type PreviewRun } from './preview-worker-runs.ts';

export interface GeoPreviewClient {
  preview(file: File, settings: MapSettings | undefined, mapIndex: number, onProgress: (progress: GeoProgress) => void): PreviewRun<GeoPreviewResult>;
  dispose(): void;
}

export function createGeoPreviewClient(): GeoPreviewClient {
  const worker = new Worker(new URL('../../workers/geo-preview.worker.ts', import.meta.url), { type: 'module', name: 'geo-preview' });
  const runs = previewWorkerRuns<GeoPreviewApi>(worker);
  return {
    preview: (file, settings, mapIndex, onProgress) =>
      runs.run<GeoPreviewResult>((remote, runID) => remote.preview(runID, file, file.name, settings, mapIndex, Comlink.proxy(onProgress))),
    dispose: runs.dispose,
  };
}
