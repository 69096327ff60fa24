/*
 * A file read the way a user brings it, with no settings: its first 64 KiB detected, the detection
 * turned into settings, then the whole file streamed from disk through the importer (events) or the
 * geo parser (maps). The geo side goes through openGeoFamily, the one place to change when domain/geo
 * gets a dispatcher over its families.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { DETECT_BYTES, detectFormat } from '../domain/import/detect-format.ts';
import { settingsFromDetection } from '../domain/import/import-settings.ts';
import { parseImport } from '../domain/import/parse-import.ts';
import { detectGeoFile } from '../domain/geo/detect-geo-file.ts';
import { formatOf } from '../domain/geo/geo-settings.ts';
import { parseGeoFile } from '../domain/geo/parse-geo-file.ts';
import { withDefaultRecordingStart } from '../domain/import/import-settings.ts';
import type { ImportInput } from '../domain/import/byte-chunks.ts';

/** 2025-12-31 20:00 UTC, where the generated samples begin. */
const SAMPLE_START_MICROS = Date.UTC(2025, 11, 31, 20) * 1000;

export type FamilyOutcome =
  | { readonly status: 'not-detected'; readonly reason: string }
  | {
      readonly status: 'parsed';
      readonly format: string;
      readonly reason: string;
      readonly valid: number;
      readonly invalid: number;
      readonly firstInvalid: string | undefined;
      readonly firstMicros: number | undefined;
      readonly lastMicros: number | undefined;
      readonly markers: number;
    }
  | { readonly status: 'failed'; readonly format: string; readonly reason: string; readonly error: string };

interface Batch {
  readonly times: readonly number[];
  readonly markers: number;
  readonly invalid: readonly { line: number; reason: string }[];
}
interface OpenedFamily {
  readonly format: string;
  readonly reason: string;
  readonly parse: (input: ImportInput, totalBytes: number) => AsyncIterable<Batch>;
}

/** The geo family of a file: today geo CSV only (detectGeoSettings, parseGeo). */
function openGeoFamily(text: string, complete: boolean, fileName: string): OpenedFamily | string {
  const detection = detectGeoFile(text, complete, fileName);
  if (typeof detection === 'string') return detection;
  return {
    format: `geo-${formatOf(detection.settings)}`,
    reason: detection.reason,
    parse: async function* (input, totalBytes) {
      for await (const batch of parseGeoFile(input, detection.settings, { totalBytes }))
        yield { times: batch.points.map((p) => p.timestamp), markers: 0, invalid: batch.invalid };
    },
  };
}

function openEventFamily(firstBytes: Uint8Array, fileName: string): OpenedFamily | string {
  const detection = detectFormat(firstBytes, fileName);
  if (detection.format === undefined) return detection.reason;
  // Transcripts count from zero: the samples' recordings start where their other families' times do.
  const detected = settingsFromDetection(detection, 'UTC');
  const settings = detected === undefined ? undefined : withDefaultRecordingStart(detected, SAMPLE_START_MICROS);
  if (settings === undefined)
    return `read as ${detection.format} (${detection.reason}) but without the settings to import it (no time column found)`;
  return {
    format: detection.format,
    reason: detection.reason,
    parse: async function* (input, totalBytes) {
      for await (const batch of parseImport(input, settings, { totalBytes, batchSize: 10_000 })) {
        const records = batch.records.filter((record) => !record.isMarker);
        yield {
          times: records.map((record) => record.startMicros),
          markers: batch.records.length - records.length,
          invalid: batch.invalid,
        };
      }
    },
  };
}

export async function firstBytesOf(filePath: string): Promise<Uint8Array> {
  const handle = await open(filePath);
  try {
    const buffer = new Uint8Array(DETECT_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, DETECT_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function openFamily(
  filePath: string,
  fileName: string,
  kind: 'events' | 'geo',
): Promise<OpenedFamily | string> {
  const firstBytes = await firstBytesOf(filePath);
  if (kind === 'events') return openEventFamily(firstBytes, fileName);
  return openGeoFamily(new TextDecoder().decode(firstBytes), firstBytes.byteLength < DETECT_BYTES, fileName);
}

/** Detects, then parses the whole file streamed from disk, keeping only counts and the time range. */
export async function parseFamilyFile(
  filePath: string,
  fileName: string,
  kind: 'events' | 'geo',
): Promise<FamilyOutcome> {
  const opened = await openFamily(filePath, fileName, kind);
  if (typeof opened === 'string') return { status: 'not-detected', reason: opened };
  const totalBytes = (await stat(filePath)).size;
  let valid = 0;
  let invalid = 0;
  let markers = 0;
  let firstInvalid: string | undefined;
  let firstMicros: number | undefined;
  let lastMicros: number | undefined;
  try {
    for await (const batch of opened.parse(createReadStream(filePath, { highWaterMark: 1 << 20 }), totalBytes)) {
      valid += batch.times.length;
      invalid += batch.invalid.length;
      markers += batch.markers;
      const row = batch.invalid[0];
      if (firstInvalid === undefined && row !== undefined) firstInvalid = `line ${row.line}: ${row.reason}`;
      for (const time of batch.times) {
        if (firstMicros === undefined || time < firstMicros) firstMicros = time;
        if (lastMicros === undefined || time > lastMicros) lastMicros = time;
      }
    }
  } catch (error) {
    return {
      status: 'failed',
      format: opened.format,
      reason: opened.reason,
      error: error instanceof Error ? error.message : String(error),
    };
  }
  return {
    status: 'parsed',
    format: opened.format,
    reason: opened.reason,
    valid,
    invalid,
    firstInvalid,
    firstMicros,
    lastMicros,
    markers,
  };
}
