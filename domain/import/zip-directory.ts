/*
 * A zip archive's central directory read without inflating a byte, and one entry inflated on its own
 * (APPNOTE.TXT 4.3: end record, ZIP64 end record, central headers, local headers). The Slack importer
 * inflates one day file at a time from it, so memory holds the packed archive and one day, never all.
 */
import { inflateSync, strFromU8 } from 'fflate';
import { ImportError } from './import-error.ts';

export interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly encrypted: boolean;
  readonly compressedBytes: number;
  /** The declared unpacked size; inflation never writes past it. */
  readonly bytes: number;
  readonly localOffset: number;
}

const END = 0x06054b50;
const END64_LOCATOR = 0x07064b50;
const END64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const FULL32 = 0xffffffff;

const notZip = (why: string) => new ImportError('invalid-file', `Not a readable zip archive: ${why}`);

export function zipDirectory(zip: Uint8Array): ZipEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));
  // The end record sits in the last 22 bytes plus a comment of up to 65,535 bytes.
  let end = -1;
  for (let at = zip.byteLength - 22; at >= Math.max(0, zip.byteLength - 22 - 0xffff); at -= 1) {
    // A comment may itself hold the signature; the real record's comment length reaches the end exactly.
    if (u32(at) === END && at + 22 + u16(at + 20) === zip.byteLength) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notZip('no end of central directory record');
  let count = u16(end + 10);
  let offset = u32(end + 16);
  if ((count === 0xffff || offset === FULL32) && end >= 20 && u32(end - 20) === END64_LOCATOR) {
    const end64 = u64(end - 12);
    if (end64 + 56 > zip.byteLength || u32(end64) !== END64) throw notZip('a broken ZIP64 end record');
    count = u64(end64 + 32);
    offset = u64(end64 + 48);
  }
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > zip.byteLength || u32(offset) !== CENTRAL)
      throw notZip(`entry ${index + 1} of ${count} is missing from the directory`);
    const flags = u16(offset + 8);
    const nameLength = u16(offset + 28);
    const extraLength = u16(offset + 30);
    let compressedBytes = u32(offset + 20);
    let bytes = u32(offset + 24);
    let localOffset = u32(offset + 42);
    const nameBytes = zip.subarray(offset + 46, offset + 46 + nameLength);
    // ZIP64: the 8-byte values of the fields written as 0xFFFFFFFF, in this order, in extra field 0x0001.
    for (let at = offset + 46 + nameLength; at + 4 <= offset + 46 + nameLength + extraLength; at += 4 + u16(at + 2)) {
      if (u16(at) !== 1) continue;
      let field = at + 4;
      if (bytes === FULL32) [bytes, field] = [u64(field), field + 8];
      if (compressedBytes === FULL32) [compressedBytes, field] = [u64(field), field + 8];
      if (localOffset === FULL32) localOffset = u64(field);
    }
    // Bit 11: the name is UTF-8; otherwise code page 437, read as Latin-1 like fflate does.
    const name = strFromU8(nameBytes, (flags & 0x800) === 0);
    entries.push({ name, method: u16(offset + 10), encrypted: (flags & 1) === 1, compressedBytes, bytes, localOffset });
    offset += 46 + nameLength + extraLength + u16(offset + 32);
  }
  return entries;
}

/** One entry's bytes; an ImportError names the entry when it cannot be read. */
export function inflateEntry(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const at = entry.localOffset;
  if (at + 30 > zip.byteLength || view.getUint32(at, true) !== LOCAL)
    throw notZip(`${entry.name} is not where the directory says`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const packed = zip.subarray(start, start + entry.compressedBytes);
  if (entry.encrypted) throw new ImportError('invalid-file', `${entry.name} is encrypted`);
  if (entry.method === 0) return packed.slice(0, entry.bytes);
  if (entry.method !== 8)
    throw new ImportError(
      'invalid-file',
      `${entry.name} is packed with method ${entry.method}; only stored and deflated entries are read`,
    );
  // NOTE: the output buffer has the declared size, so an entry that lies about it cannot grow past it.
  const out = inflateSync(packed, { out: new Uint8Array(entry.bytes) });
  return out.byteLength === entry.bytes ? out : out.subarray(0, entry.bytes);
}
