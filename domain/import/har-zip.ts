/*
 * A HAR inside a zip: Playwright's recordHar with a ".zip" path writes the archive's "har.har" beside
 * the response bodies it stored as files named by their SHA-1 ("<40 hex>.<extension>"), and HAR
 * viewers and bug trackers pass such zips around. The .har is read; the bodies beside it are not
 * (an entry's request, status, size and timings are all in the .har). The archive is checked for
 * zip-bomb signs first (zip-guard.ts), as a Slack export is.
 */
import { readAllBytes } from './byte-chunks.ts';
import { ImportError } from './import-error.ts';
import { inflateEntry } from './zip-directory.ts';
import { DEFAULT_ZIP_LIMITS, inspectZip, type ZipLimits } from './zip-guard.ts';

const LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const PLAYWRIGHT_RESOURCE = /^[0-9a-f]{40}\.[\w-]{1,10}$/;
// Handed to the text decoder in pieces, so the JSON parser's first chunk is not the whole document.
const PIECE_BYTES = 1 << 20;

/** The names of the local headers in a zip's first bytes (the directory at its end may be out of reach). */
function localNames(firstBytes: Uint8Array): string[] {
  const names: string[] = [];
  const view = new DataView(firstBytes.buffer, firstBytes.byteOffset, firstBytes.byteLength);
  let at = 0;
  while (at + 30 <= firstBytes.byteLength && LOCAL_HEADER.every((byte, index) => firstBytes[at + index] === byte)) {
    const flags = view.getUint16(at + 6, true);
    const packed = view.getUint32(at + 18, true);
    const nameBytes = view.getUint16(at + 26, true);
    const extraBytes = view.getUint16(at + 28, true);
    names.push(new TextDecoder().decode(firstBytes.subarray(at + 30, at + 30 + nameBytes)));
    // Sizes written after the data (flag bit 3) are unknown here: stop at that entry.
    if ((flags & 8) !== 0 || names.length >= 1000) break;
    at += 30 + nameBytes + extraBytes + packed;
  }
  return names;
}

/**
 * Why a zip's first bytes look like a HAR archive, or undefined: a ".har" entry seen, or only
 * Playwright's SHA-1-named bodies before it (it writes the .har last).
 */
export function harZipEvidence(firstBytes: Uint8Array): string | undefined {
  const names = localNames(firstBytes);
  const har = names.find((name) => /\.har$/i.test(name));
  if (har !== undefined)
    return `A zip archive holding "${har}" (as Playwright's recordHar writes one): its HAR is read`;
  if (names.length > 0 && names.every((name) => PLAYWRIGHT_RESOURCE.test(name)))
    return "A zip archive of response bodies named by their SHA-1, as Playwright's recordHar writes beside its .har: the .har is read";
  return undefined;
}

const isZip = (bytes: Uint8Array) => LOCAL_HEADER.every((byte, index) => bytes[index] === byte);

/** The bytes of a HAR file, or of the .har inside a zip, in pieces. */
export async function* harBytes(
  bytes: AsyncIterable<Uint8Array>,
  limits: Partial<ZipLimits> = {},
): AsyncGenerator<Uint8Array> {
  const chunks = bytes[Symbol.asyncIterator]();
  const first = await chunks.next();
  if (first.done) return;
  const rest = async function* () {
    yield first.value;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  };
  if (!isZip(first.value)) return yield* rest();
  const zipLimits = { ...DEFAULT_ZIP_LIMITS, ...limits };
  const zip = await readAllBytes(rest(), zipLimits.maxZipBytes, 'The zip archive');
  const entries = inspectZip(zip, zipLimits).filter((entry) => /\.har$/i.test(entry.name));
  const entry = entries.find((each) => /(^|\/)har\.har$/i.test(each.name)) ?? entries[0];
  if (entry === undefined) throw new ImportError('invalid-file', 'The zip archive holds no .har file');
  const har = inflateEntry(zip, entry);
  for (let at = 0; at < har.byteLength; at += PIECE_BYTES) yield har.subarray(at, at + PIECE_BYTES);
}
