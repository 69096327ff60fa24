/*
 * A geo CSV streamed into points and invalid rows, in batches, by a map's settings: the same code
 * runs in the create-map worker (the preview) and on the server (the import). Rows come from the
 * shared delimited reader (domain/import/delimited-rows.ts); each is read by geo-record.ts. A row
 * with another field count than the header is invalid, with its line.
 */
import { ZoneOffset } from '@js-joda/core';
import { byteChunks, textChunks, type ImportInput } from '../import/byte-chunks.ts';
import { gunzipIfCompressed, type GunzipLimits } from '../import/gunzip-bytes.ts';
import { delimitedRows } from '../import/delimited-rows.ts';
import { ImportError } from '../import/import-error.ts';
import { loadZone } from '../import/parse-event-time.ts';
import type { GeoPoint, InvalidGeoItem } from './geo-point.ts';
import { geoRecord, geoRules } from './geo-record.ts';
import { geoTimeReader } from './geo-time-reader.ts';
import { delimiterChar, type MapSettings } from './geo-settings.ts';

export interface GeoBatch {
  readonly points: GeoPoint[];
  readonly invalid: InvalidGeoItem[];
}

export interface GeoProgress {
  readonly bytesRead: number;
  readonly totalBytes: number | undefined;
  readonly validCount: number;
  readonly invalidCount: number;
}

export interface GeoParseOptions {
  readonly totalBytes?: number | undefined;
  readonly onProgress?: ((progress: GeoProgress) => void) | undefined;
  /** How far a gzipped file may inflate (the server's IMPORT_MAX_INFLATED_BYTES); 4 GiB unless given. */
  readonly gunzip?: GunzipLimits | undefined;
}

const DEFAULT_GUNZIP: GunzipLimits = { maxInflatedBytes: 4 * 2 ** 30 };

/**
 * The file's bytes as text, counted as read (progress is in the file's own bytes, compressed or not)
 * and inflated when the file is gzipped (Strava's bulk export gives .gpx.gz), within the gzip caps.
 */
export function unpackedBytes(
  input: ImportInput,
  options: GeoParseOptions,
  onBytes: (bytes: number) => void,
): AsyncGenerator<Uint8Array> {
  return gunzipIfCompressed(counted(input, onBytes), options.gunzip ?? DEFAULT_GUNZIP);
}

/** Notes whether any text so far held a NUL (one scan per chunk; rows are checked only after one). */
async function* watchedForNul(text: AsyncIterable<string>, seen: () => void): AsyncGenerator<string> {
  for await (const piece of text) {
    if (piece.includes('\u0000')) seen();
    yield piece;
  }
}

/** Counts the bytes as they pass, for progress. */
async function* counted(input: ImportInput, onBytes: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of byteChunks(input)) {
    onBytes(chunk.byteLength);
    yield chunk;
  }
}

function holdsNul(fields: readonly string[]): boolean {
  for (const field of fields) if (field.includes('\u0000')) return true;
  return false;
}

/**
 * Yields batches of points and invalid rows. Throws ImportError 'bad-settings' when an identified
 * column is past the header's last column, and 'invalid-file' when the file is not text with rows.
 */
export async function* parseGeo(
  input: ImportInput,
  settings: MapSettings,
  options: GeoParseOptions = {},
): AsyncGenerator<GeoBatch, GeoProgress> {
  const zone = await loadZone(settings.defaultTimeZone);
  const hasOffsetColumn = Object.values(settings.identifiedColumns).includes('utc_offset');
  const utcTimes = hasOffsetColumn
    ? geoTimeReader(ZoneOffset.UTC, settings.numericUnit, settings.dateOrder)
    : undefined;
  const rules = geoRules(
    settings.identifiedColumns,
    geoTimeReader(zone, settings.numericUnit, settings.dateOrder),
    settings,
    utcTimes,
  );
  const highestColumn = Math.max(...Object.keys(settings.identifiedColumns).map(Number));
  let bytesRead = 0;
  let validCount = 0;
  let invalidCount = 0;
  let headerLeft = settings.headerRowCount;
  let width: number | undefined;
  const progress = (): GeoProgress => ({ bytesRead, totalBytes: options.totalBytes, validCount, invalidCount });
  let sawNul = false;
  const text = watchedForNul(
    textChunks(unpackedBytes(input, options, (bytes) => (bytesRead += bytes))),
    () => (sawNul = true),
  );
  for await (const rows of delimitedRows(text, {
    delimiter: delimiterChar(settings.delimiter),
    quoted: true,
    preambleRows: settings.preambleRowCount,
  })) {
    const points: GeoPoint[] = [];
    const invalid: InvalidGeoItem[] = [];
    for (const row of rows) {
      if (sawNul && holdsNul(row.fields))
        throw new ImportError('invalid-file', `Line ${row.line}: holds NUL bytes; this is not a text file`);
      if (width === undefined) {
        width = row.fields.length;
        if (highestColumn >= width) {
          throw new ImportError(
            'bad-settings',
            `column ${highestColumn} is past the last column of the file (it has ${width} columns, 0 to ${width - 1})`,
          );
        }
      }
      if (headerLeft > 0) {
        headerLeft -= 1;
        continue;
      }
      if (row.fields.length !== width) {
        invalid.push({ line: row.line, reason: `has ${row.fields.length} fields where the file has ${width}` });
        continue;
      }
      const item = geoRecord(row.line, row.fields, rules);
      if ('reason' in item) invalid.push(item);
      else points.push(item);
    }
    validCount += points.length;
    invalidCount += invalid.length;
    options.onProgress?.(progress());
    if (points.length > 0 || invalid.length > 0) yield { points, invalid };
  }
  if (width === undefined) throw new ImportError('invalid-file', 'has no rows');
  return progress();
}
