/*
 * How much one import may take, whatever the file says: a few-MB file can expand to millions of
 * records (a zip of identical day files, a HAR of empty entries), so the caps are counted as the file
 * is read and a refusal names the setting that raises them (server/config.ts, README "Configuration").
 */
import type { GunzipLimits } from '../../domain/import/gunzip-bytes.ts';
import { ImportError } from '../../domain/import/import-error.ts';
import type { ImportSettings } from '../../domain/import/import-settings.ts';

export interface ImportLimits {
  /** Records and invalid rows together (rows, HAR entries, Slack messages). */
  readonly maxRecords: number;
  /** What a compressed file (a Slack export, a gzipped log) may unpack to, all entries together. */
  readonly maxInflatedBytes: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = { maxRecords: 5_000_000, maxInflatedBytes: 1 << 30 };

/** The refusal when a file holds more than `limits.maxRecords` records and invalid rows. */
export function tooManyRecords(limits: ImportLimits): ImportError {
  return new ImportError(
    'too-large',
    `has more than ${limits.maxRecords.toLocaleString('en-US')} records, the most one import takes (IMPORT_MAX_RECORDS)`,
  );
}

/** How far a gzipped file may inflate: the same cap as a zip's, named the same way. */
export function gunzipLimits(limits: ImportLimits): GunzipLimits {
  return { maxInflatedBytes: limits.maxInflatedBytes, settingName: 'IMPORT_MAX_INFLATED_BYTES' };
}

/** The settings with the server's unpacking cap applied: a client never sends zip limits (import-settings-schema.ts). */
export function settingsWithinLimits(settings: ImportSettings, limits: ImportLimits): ImportSettings {
  if (settings.format !== 'slack-zip') return settings;
  return {
    ...settings,
    limits: {
      ...settings.limits,
      maxTotalBytes: limits.maxInflatedBytes,
      settingNames: { maxTotalBytes: 'IMPORT_MAX_INFLATED_BYTES' },
    },
  };
}
