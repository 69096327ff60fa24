/*
 * One preview run at a time in the worker: starting a new run cancels the one before, and progress
 * arrives through a Comlink proxy. The worker lives as long as the screen (src/data/use-worker-preview.ts).
 */
import { useCallback } from 'react';
import type { ImportFormat, ImportProgress } from '../../../domain/import/import-record.ts';
import type { ImportSettings, RecordingStartDefaults } from '../../../domain/import/import-settings.ts';
import type { ImportPreviewResult } from '../../data/import-preview-api.ts';
import { createImportPreviewClient, type ImportPreviewClient } from '../../data/import-preview-client.ts';
import { useWorkerPreview, type WorkerPreviewState } from '../../data/use-worker-preview.ts';

export type PreviewState = WorkerPreviewState<ImportProgress, Exclude<ImportPreviewResult, { status: 'cancelled' }>>;

export function useImportPreview() {
  const {
    state,
    latest,
    run: start,
    cancel,
    reset,
  } = useWorkerPreview<ImportPreviewClient, ImportProgress, ImportPreviewResult>(createImportPreviewClient);
  const run = useCallback(
    (
      file: File,
      settings: ImportSettings | undefined,
      timeZone: string,
      format?: ImportFormat,
      startDefaults?: RecordingStartDefaults,
    ) => start((client, onProgress) => client.preview(file, settings, timeZone, onProgress, format, startDefaults)),
    [start],
  );
  return { state, latest, run, cancel, reset };
}
