/*
 * What the import dialog does with a file and no settings chosen: detect its format from the first
 * DETECT_BYTES, take the settings detection proposes for a time zone, and read every record. The
 * importers' tests share it so each states only its evidence and what it expects back.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { collectImport } from '../../domain/import/collect-import.ts';
import { DETECT_BYTES, detectFormat } from '../../domain/import/detect-format.ts';
import { settingsFromDetection } from '../../domain/import/import-settings.ts';
import { parseImport } from '../../domain/import/parse-import.ts';
import { FIXTURES_DIR } from './fixtures-dir.ts';

/** `text` (or its bytes) imported as file `fileName` with the detected settings; throws when nothing is detected. */
export async function importDetected(text: string | Uint8Array, fileName: string, timeZone = 'UTC') {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const detection = detectFormat(bytes.subarray(0, DETECT_BYTES), fileName);
  const settings = settingsFromDetection(detection, timeZone);
  if (settings === undefined) throw new Error(`no settings detected: ${detection.reason}`);
  return { detection, settings, ...(await collectImport(parseImport(bytes, settings))) };
}

/** A file of the shared fixtures (`path` below FIXTURES_DIR) imported as importDetected does. */
export function importFixtureDetected(path: string, timeZone = 'UTC') {
  return importDetected(new Uint8Array(readFileSync(join(FIXTURES_DIR, path))), basename(path), timeZone);
}

/** An instant in microseconds as the ISO text the tests write their expectations in. */
export const isoOfMicros = (micros: number) => new Date(Math.floor(micros / 1000)).toISOString();
