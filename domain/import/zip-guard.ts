/*
 * Refuses zip-bomb-like archives before anything is inflated. fflate's unzipSync walks the central
 * directory and asks a filter about each entry; a filter that says no to everything reads the
 * declared sizes without inflating a byte. Inflation later writes into a buffer of the declared
 * size, so an entry that lies about its size cannot grow past what was checked here.
 */
import { unzipSync } from 'fflate';
import { formatBytes } from './byte-chunks.ts';
import { ImportError } from './import-error.ts';

export interface ZipLimits {
  /** The archive itself, read into memory whole. */
  readonly maxZipBytes: number;
  /** The sum of the entries' declared uncompressed sizes. */
  readonly maxTotalBytes: number;
  readonly maxEntries: number;
  /** Uncompressed ÷ compressed for one entry; JSON compresses 5-20×, deflate bombs about 1000×. */
  readonly maxRatio: number;
  /** Entries, and archives in total, unpacking to less than this skip the ratio checks: a small file of spaces is no threat. */
  readonly ratioFloorBytes: number;
  /** The server's setting that raises a limit, named in its refusal (IMPORT_MAX_INFLATED_BYTES). */
  readonly settingNames?: { readonly [Limit in 'maxZipBytes' | 'maxTotalBytes' | 'maxEntries']?: string } | undefined;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxZipBytes: 512 << 20,
  maxTotalBytes: 512 << 20,
  // A Slack export holds a file per channel per day: 500 channels over a year is 182,500.
  maxEntries: 250_000,
  maxRatio: 100,
  ratioFloorBytes: 1 << 20,
};

export interface ZipEntryInfo {
  readonly name: string;
  readonly compressedBytes: number;
  readonly bytes: number;
}

export function inspectZip(zip: Uint8Array, limits: ZipLimits): ZipEntryInfo[] {
  const entries: ZipEntryInfo[] = [];
  let totalBytes = 0;
  try {
    unzipSync(zip, {
      filter: (file) => {
        entries.push({ name: file.name, compressedBytes: file.size, bytes: file.originalSize });
        totalBytes += file.originalSize;
        if (entries.length > limits.maxEntries) {
          throw new ImportError('zip-bomb', `The archive has more than ${limits.maxEntries.toLocaleString('en-US')} entries`);
        }
        if (totalBytes > limits.maxTotalBytes) {
          throw new ImportError('zip-bomb', `The archive would unpack to more than ${formatBytes(limits.maxTotalBytes)}`);
        }
        if (file.originalSize > limits.ratioFloorBytes && file.originalSize > limits.maxRatio * file.size) {
          const ratio = Math.round(file.originalSize / Math.max(file.size, 1));
          throw new ImportError(
            'zip-bomb',
            `${file.name} would unpack ${ratio}× its packed size (${formatBytes(file.originalSize)}); more than ${limits.maxRatio}× looks like a zip bomb`,
          );
        }
        return false;
      },
    });
  } catch (error) {
    if (error instanceof ImportError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new ImportError('invalid-file', `Not a readable zip archive: ${detail}`, { cause: error });
  }
  return entries;
}
