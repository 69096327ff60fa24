/*
 * The create-map preview off the main thread: settings detected from the first 64 KiB (or the
 * analyst's), then the whole file through the parser the server runs (domain/geo), keeping the
 * first points and invalid rows and reporting progress. A run can be cancelled between batches.
 */
import * as Comlink from 'comlink';
import { columnsBySettings, detectGeoSettings } from '../domain/geo/detect-geo-settings.ts';
import type { GeoPoint, InvalidGeoItem } from '../domain/geo/geo-point.ts';
import { MapSettingsSchema } from '../domain/geo/geo-settings.ts';
import { parseGeo } from '../domain/geo/parse-geo.ts';
import { ImportError } from '../domain/import/import-error.ts';
import { GEO_PREVIEW_INVALID_LIMIT, GEO_PREVIEW_POINT_LIMIT, type GeoPreviewApi } from '../src/data/maps-preview-api.ts';

const DETECT_BYTES = 64 * 1024;
const cancelled = new Set<number>();

const api: GeoPreviewApi = {
  async preview(runID, file, fileName, chosen, mapIndex, onProgress) {
    try {
      const head = new TextDecoder().decode(await file.slice(0, DETECT_BYTES).arrayBuffer());
      let settings = chosen;
      if (settings === undefined) {
        const detection = detectGeoSettings(head, file.size <= DETECT_BYTES, fileName, mapIndex);
        if (typeof detection === 'string') return { status: 'failed', field: 'file', reason: `is not a geo CSV: ${detection}`, settings: undefined, columns: [] };
        settings = detection.settings;
      }
      const { columns, sampleRows } = columnsBySettings(head, settings);
      const checked = MapSettingsSchema.safeParse(settings);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        return { status: 'failed', field: 'identifiedColumns', reason: `${String(issue.path[0] ?? 'settings')} ${issue.message}`, settings, columns };
      }
      const firstPoints: GeoPoint[] = [];
      const invalid: InvalidGeoItem[] = [];
      let validCount = 0;
      let invalidCount = 0;
      onProgress({ bytesRead: 0, totalBytes: file.size, validCount: 0, invalidCount: 0 });
      try {
        for await (const batch of parseGeo(file.stream(), settings, { totalBytes: file.size, onProgress })) {
          if (cancelled.has(runID)) return { status: 'cancelled' };
          validCount += batch.points.length;
          invalidCount += batch.invalid.length;
          for (const point of batch.points) if (firstPoints.length < GEO_PREVIEW_POINT_LIMIT) firstPoints.push(point);
          for (const item of batch.invalid) if (invalid.length < GEO_PREVIEW_INVALID_LIMIT) invalid.push(item);
        }
      } catch (error) {
        if (error instanceof ImportError) return { status: 'failed', field: error.code === 'bad-settings' ? 'identifiedColumns' : 'file', reason: error.message, settings, columns };
        throw error;
      }
      return { status: 'done', settings, columns, sampleRows, validCount, invalidCount, firstPoints, invalid };
    } finally {
      cancelled.delete(runID);
    }
  },
  cancel(runID) {
    cancelled.add(runID);
  },
};

Comlink.expose(api);
