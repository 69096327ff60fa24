/*
 * The create-map preview off the main thread: the file's format and settings detected from the first
 * 64 KiB (or the analyst's settings), then the whole file through the parser the server runs
 * (domain/geo/parse-geo-file.ts), keeping the first points and invalid rows and reporting progress.
 * A run can be cancelled between batches.
 */
import * as Comlink from 'comlink';
import { detectGeoBytes, geoFileStart } from '../domain/geo/detect-geo-file.ts';
import { columnsBySettings } from '../domain/geo/detect-geo-settings.ts';
import type { GeoPoint, InvalidGeoItem } from '../domain/geo/geo-point.ts';
import { formatOf, MapSettingsSchema } from '../domain/geo/geo-settings.ts';
import { parseGeoFile } from '../domain/geo/parse-geo-file.ts';
import { ImportError } from '../domain/import/import-error.ts';
import {
  GEO_PREVIEW_INVALID_LIMIT,
  GEO_PREVIEW_POINT_LIMIT,
  type GeoPreviewApi,
} from '../src/data/maps-preview-api.ts';

const DETECT_BYTES = 64 * 1024;
const cancelled = new Set<number>();

const api: GeoPreviewApi = {
  async preview(runID, file, fileName, chosen, mapIndex, onProgress) {
    try {
      const firstBytes = new Uint8Array(await file.slice(0, DETECT_BYTES).arrayBuffer());
      // Unpacked when gzipped: a CSV's columns are read from the text.
      const head = geoFileStart(firstBytes, file.size <= DETECT_BYTES, fileName).text;
      // Detected on every run, so the page can show what the file looked like beside what was chosen.
      const detection = detectGeoBytes(firstBytes, file.size <= DETECT_BYTES, fileName, mapIndex);
      const detectedReason = typeof detection === 'string' ? undefined : detection.reason;
      let settings = chosen;
      if (settings === undefined) {
        if (typeof detection === 'string') {
          return {
            status: 'failed',
            field: 'file',
            reason: `was not recognised as a track (GPX, KML, GeoJSON, IGC, NMEA, or delimited text with a time, a latitude and a longitude): it ${detection}`,
            settings: undefined,
            columns: [],
          };
        }
        settings = detection.settings;
      }
      const csv = formatOf(settings) === 'csv';
      const { columns, sampleRows } = csv ? columnsBySettings(head, settings) : { columns: [], sampleRows: [] };
      const checked = MapSettingsSchema.safeParse(settings);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        const field = String(issue.path[0] ?? 'settings');
        const reason = field === 'identifiedColumns' ? issue.message : `${field} ${issue.message}`;
        return { status: 'failed', field: 'identifiedColumns', reason, settings, columns, detectedReason };
      }
      const firstPoints: GeoPoint[] = [];
      const invalid: InvalidGeoItem[] = [];
      let validCount = 0;
      let invalidCount = 0;
      onProgress({ bytesRead: 0, totalBytes: file.size, validCount: 0, invalidCount: 0 });
      try {
        for await (const batch of parseGeoFile(file.stream(), settings, { totalBytes: file.size, onProgress })) {
          if (cancelled.has(runID)) return { status: 'cancelled' };
          validCount += batch.points.length;
          invalidCount += batch.invalid.length;
          for (const point of batch.points) if (firstPoints.length < GEO_PREVIEW_POINT_LIMIT) firstPoints.push(point);
          for (const item of batch.invalid) if (invalid.length < GEO_PREVIEW_INVALID_LIMIT) invalid.push(item);
        }
      } catch (error) {
        if (error instanceof ImportError)
          return {
            status: 'failed',
            field: error.code === 'bad-settings' ? 'identifiedColumns' : 'file',
            reason: error.message,
            settings,
            columns,
            detectedReason,
          };
        throw error;
      }
      return {
        status: 'done',
        settings,
        columns,
        sampleRows,
        validCount,
        invalidCount,
        firstPoints,
        invalid,
        detectedReason,
      };
    } finally {
      cancelled.delete(runID);
    }
  },
  cancel(runID) {
    cancelled.add(runID);
  },
};

Comlink.expose(api);
