/*
 * Detection when the analyst has said which family a file is: that family's own detector, so its
 * settings start from what the file shows, or a reason why the file does not read that way.
 */
import { detectFormat, type FormatDetection } from './detect-format.ts';
import type { ImportFormat } from './import-record.ts';

export function detectFormatAs(firstBytes: Uint8Array, fileName: string, format: ImportFormat | undefined): FormatDetection {
  const detected = detectFormat(firstBytes, fileName);
  if (format === undefined || detected.format === format) return detected;
  return { format: undefined, reason: `This file does not read as ${format}: ${detected.reason}` };
}
