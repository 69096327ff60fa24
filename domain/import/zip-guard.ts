/*
 * Refuses zip-bomb-like archives before anything is inflated, from the central directory's declared
 * sizes (zip-directory.ts): too many entries, too much unpacked in total, an entry or the whole archive
 * unpacking to too many times its packed size. The total ratio counts every entry, however small: 100
 * identical 1 MiB day files pack into 367 KB, and each one alone looks harmless.
 */
import { formatBytes } from './byte-chunks.ts';
import { ImportError } from './import-error.ts';
import { zipDirectory, type ZipEntry } from './zip-directory.ts';

export interface ZipLimits {
  /** The archive itself, read into memory whole. */
  readonly maxZipBytes: number;
  /** The sum of the entries' declared uncompressed sizes. */
  readonly maxTotalBytes: number;
  /** One entry unpacked (a Slack day file is parsed whole). */
  readonly maxEntryBytes: number;
  readonly maxEntries: number;
  /** Uncompressed ÷ compressed, for one entry and for the archive; JSON compresses 5-20×, deflate bombs about 1000×. */
  readonly maxRatio: number;
  /** Entries, and archives in total, unpacking to less than this skip the ratio checks: a small file of spaces is no threat. */
  readonly ratioFloorBytes: number;
  /** The server's setting that raises a limit, named in its refusal (IMPORT_MAX_INFLATED_BYTES). */
  readonly settingNames?: { readonly [Limit in 'maxZipBytes' | 'maxTotalBytes' | 'maxEntries']?: string } | undefined;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  // Held in memory while its day files are read one by one: a bound on what an import costs.
  maxZipBytes: 256 << 20,
  maxTotalBytes: 512 << 20,
  maxEntryBytes: 64 << 20,
  // A Slack export holds a file per channel per day: 500 channels over a year is 182,500.
  maxEntries: 250_000,
  maxRatio: 100,
  ratioFloorBytes: 1 << 20,
};

type ZipEntryInfo = ZipEntry;

const bomb = (message: string) => new ImportError('zip-bomb', message);

/** Every entry of the archive, once the declared sizes pass the limits. */
export function inspectZip(zip: Uint8Array, limits: ZipLimits): ZipEntryInfo[] {
  const setting = (limit: 'maxZipBytes' | 'maxTotalBytes' | 'maxEntries') => {
    const name = limits.settingNames?.[limit];
    return name === undefined ? '' : ` (${name})`;
  };
  const entries = zipDirectory(zip);
  if (entries.length > limits.maxEntries) {
    throw bomb(
      `The archive has more than ${limits.maxEntries.toLocaleString('en-US')} entries, the most one import takes${setting('maxEntries')}`,
    );
  }
  let totalBytes = 0;
  for (const entry of entries) {
    totalBytes += entry.bytes;
    if (totalBytes > limits.maxTotalBytes) {
      throw bomb(
        `The archive would unpack to more than ${formatBytes(limits.maxTotalBytes)}, the most one import takes${setting('maxTotalBytes')}`,
      );
    }
    if (entry.bytes > limits.maxEntryBytes) {
      throw bomb(
        `${entry.name} would unpack to ${formatBytes(entry.bytes)}; one file of the archive may unpack to ${formatBytes(limits.maxEntryBytes)} at most`,
      );
    }
    if (entry.bytes > limits.ratioFloorBytes && entry.bytes > limits.maxRatio * entry.compressedBytes) {
      const ratio = Math.round(entry.bytes / Math.max(entry.compressedBytes, 1));
      throw bomb(
        `${entry.name} would unpack to ${ratio}× its packed size (${formatBytes(entry.bytes)}); more than ${limits.maxRatio}× looks like a zip bomb`,
      );
    }
  }
  if (totalBytes > limits.ratioFloorBytes && totalBytes > limits.maxRatio * zip.byteLength) {
    const ratio = Math.round(totalBytes / Math.max(zip.byteLength, 1));
    throw bomb(
      `The archive would unpack to ${ratio}× its size (${formatBytes(totalBytes)} from ${formatBytes(zip.byteLength)}, ${entries.length.toLocaleString('en-US')} entries); more than ${limits.maxRatio}× looks like a zip bomb`,
    );
  }
  return entries;
}
