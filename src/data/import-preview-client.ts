/*
 * The one place that starts the import preview worker: features ask for a preview and may cancel
 * it, and never construct workers themselves. One worker serves every run of a screen.
 */
import * as Comlink from 'comlink';
import type { ImportFormat, ImportProgress } from '../../domain/import/import-record.ts';
import type { ImportSettings, RecordingStartDefaults } from '../../domain/import/import-settings.ts';
import type { ImportPreviewApi, ImportPreviewResult } from './import-preview-api.ts';
import { previewWorkerRuns, type PreviewRun } from './preview-worker-runs.ts';

export interface ImportPreviewClient {
  preview(
    file: File,
    settings: ImportSettings | undefined,
    timeZone: string,
    onProgress: (progress: ImportProgress) => void,
    format?: ImportFormat,
    startDefaults?: RecordingStartDefaults,
  ): PreviewRun<ImportPreviewResult>;
  dispose(): void;
}

export function createImportPreviewClient(): ImportPreviewClient {
  const worker = new Worker(new URL('../../workers/import-preview.worker.ts', import.meta.url), { type: 'module', name: 'import-preview' });
  const runs = previewWorkerRuns<ImportPreviewApi>(worker);
  return {
    preview: (file, settings, timeZone, onProgress, format, startDefaults) =>
      runs.run<ImportPreviewResult>((remote, runID) =>
        remote.preview(runID, file, file.name, settings, timeZone, Comlink.proxy(onProgress), format, startDefaults),
      ),
    dispose: runs.dispose,
  };
}
