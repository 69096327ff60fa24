/*
 * The import preview off the main thread: detect the format from the first 64 KiB, then stream the
 * whole file through the same parser the server runs, keeping the first rows and invalid rows.
 */
import * as Comlink from 'comlink';
import { DETECT_BYTES } from '../domain/import/detect-format.ts';
import { detectFormatAs } from '../domain/import/detect-format-as.ts';
import { ImportError } from '../domain/import/import-error.ts';
import type { ImportRecord, InvalidRow } from '../domain/import/import-record.ts';
import { settingsFromDetection, withDefaultRecordingStart } from '../domain/import/import-settings.ts';
import { parseImport } from '../domain/import/parse-import.ts';
import { PREVIEW_INVALID_LIMIT, PREVIEW_ROW_LIMIT, type ImportPreviewApi } from '../src/data/import-preview-api.ts';

const runs = new Map<number, AbortController>();

const api: ImportPreviewApi = {
  async preview(runID, file, fileName, chosen, timeZone, onProgress, format, startDefaults) {
    const controller = new AbortController();
    runs.set(runID, controller);
    try {
      const firstBytes = new Uint8Array(await file.slice(0, DETECT_BYTES).arrayBuffer());
      const detection = detectFormatAs(firstBytes, fileName, chosen?.format ?? format);
      const found = chosen ?? settingsFromDetection(detection, timeZone);
      const settings =
        found === undefined
          ? undefined
          : withDefaultRecordingStart(
              found,
              startDefaults?.firstEventMicros,
              startDefaults?.dayMicros ?? startDefaults?.firstEventMicros,
            );
      if (settings === undefined)
        return { status: 'done', detection, settings, summary: undefined, markerCount: 0, firstRows: [], invalid: [] };
      onProgress({ bytesRead: 0, totalBytes: file.size, validCount: 0, invalidCount: 0 });
      try {
        const run = parseImport(file.stream(), settings, {
          signal: controller.signal,
          totalBytes: file.size,
          onProgress,
          batchSize: 1000,
        });
        // Not collectImport: markers (HAR pages) are counted apart, as the server files them apart.
        const firstRows: ImportRecord[] = [];
        const invalid: InvalidRow[] = [];
        let markerCount = 0;
        for (;;) {
          const step = await run.next();
          if (step.done === true)
            return { status: 'done', detection, settings, summary: step.value, markerCount, firstRows, invalid };
          for (const record of step.value.records) {
            if (record.isMarker === true) markerCount += 1;
            if (firstRows.length < PREVIEW_ROW_LIMIT) firstRows.push(record);
          }
          for (const row of step.value.invalid) if (invalid.length < PREVIEW_INVALID_LIMIT) invalid.push(row);
        }
      } catch (error) {
        if (controller.signal.aborted) return { status: 'cancelled' };
        if (error instanceof ImportError) return { status: 'failed', detection, settings, reason: error.message };
        throw error;
      }
    } finally {
      runs.delete(runID);
    }
  },
  cancel(runID) {
    runs.get(runID)?.abort();
  },
};

Comlink.expose(api);
