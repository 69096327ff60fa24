/*
 * A fixture file detected as the server detects an upload: from its first DETECT_BYTES only, under
 * its file name. The detection tests of each log family read their fixtures this way.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DETECT_BYTES, detectFormat, type FormatDetection } from '../../domain/import/detect-format.ts';
import { FIXTURES_DIR } from './fixtures-dir.ts';

export const fixtureBytes = (path: string) => new Uint8Array(readFileSync(join(FIXTURES_DIR, path)));

export const detectHead = (bytes: Uint8Array | string, fileName: string): FormatDetection =>
  detectFormat(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes.subarray(0, DETECT_BYTES), fileName);

/** The settings a detection proposes; undefined when it refused the file. */
export const detectedSettings = (detection: FormatDetection) =>
  'settings' in detection ? detection.settings : undefined;
