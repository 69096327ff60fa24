/*
 * HTTP Archive files (section 3's har import format) from any producer, streamed: pages become
 * markers and each entry an event as the document is read, so a HAR of any size never becomes one
 * string or one tree. A JSONP-wrapped `.harp` is unwrapped as it streams.
 */
import { ImportError } from './import-error.ts';
import { addToPiece, type JsonValue, type ParsedPiece, type ParseReport } from './import-record.ts';
import { isDocumentStop, jsonDocumentValues } from './json-document.ts';
import { isJsonObject } from './json-lines.ts';
import { harEntryRecord, harPageRecord } from './har-record.ts';

export interface HarLimits {
  readonly maxEntries: number;
  /** One entry's bytes (response bodies are inline, base64 at times). */
  readonly maxEntryBytes: number;
}
const DEFAULT_HAR_LIMITS: HarLimits = { maxEntries: 2_000_000, maxEntryBytes: 64 << 20 };

// Pages are few (one per navigation); past this many their keys are no longer remembered.
const MAX_PAGE_KEYS = 100_000;
const PATHS = ['$.log.version', '$.log.creator', '$.log.pages.*', '$.log.entries.*'];

export async function* parseHar(
  text: AsyncIterable<string>,
  report: ParseReport,
  limits: Partial<HarLimits> = {},
): AsyncGenerator<ParsedPiece> {
  const { maxEntries, maxEntryBytes } = { ...DEFAULT_HAR_LIMITS, ...limits };
  let version: JsonValue | undefined;
  let creator: JsonValue | undefined;
  let entryCount = 0;
  const pageKeys = new Set<string>();
  for await (const items of jsonDocumentValues(text, {
    paths: PATHS,
    maxValueBytes: maxEntryBytes,
    what: 'HAR entry',
  })) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const item of items) {
      if (isDocumentStop(item)) {
        // Pages alone are markers with no event: a HAR cut before its first entry gives nothing to import.
        if (entryCount === 0) {
          const truncated = item.error.includes('truncated');
          throw new ImportError(
            truncated ? 'truncated' : 'invalid-file',
            `The HAR file ${truncated ? 'is truncated' : 'is not valid JSON'}: line ${item.line}: ${item.error}`,
          );
        }
        piece.invalid.push({ line: entryCount + 1, reason: `line ${item.line} of the file: ${item.error}` });
        continue;
      }
      const [, field, index] = item.path;
      if (field === 'version') version = item.value;
      else if (field === 'creator') creator = item.value;
      else if (field === 'pages' && typeof index === 'number') {
        const page = harPageRecord(item.value, index);
        // A page written twice (same id, time and title: merged captures) is one page, one marker.
        const key = 'reason' in page ? undefined : JSON.stringify([page.extra.pageId, page.startMicros, page.message]);
        if (key !== undefined && pageKeys.has(key)) continue;
        if (key !== undefined && pageKeys.size < MAX_PAGE_KEYS) pageKeys.add(key);
        addToPiece(piece, page);
      } else if (field === 'entries' && typeof index === 'number') {
        entryCount += 1;
        if (entryCount > maxEntries)
          throw new ImportError(
            'too-large',
            `The HAR file has more than ${maxEntries.toLocaleString('en')} entries, the most one import reads`,
          );
        addToPiece(piece, harEntryRecord(item.value, index));
      }
    }
    if (piece.records.length + piece.invalid.length > 0) yield piece;
  }
  if (entryCount === 0 && version === undefined && creator === undefined) {
    throw new ImportError('invalid-file', 'Not a HAR file: it needs a "log" object with an "entries" array');
  }
  // A browser saves an empty capture when the network panel opened after the page loaded.
  if (entryCount === 0 && pageKeys.size === 0)
    throw new ImportError(
      'invalid-file',
      'The HAR file records no requests (its "entries" list is empty): open the network panel, reload the page, then save the HAR again',
    );
  const creatorObject = isJsonObject(creator) ? creator : {};
  const name = [creatorObject.name, creatorObject.version]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(' ');
  report.notes.push(
    `HAR ${typeof version === 'string' && version !== '' ? version : '(no version)'}${name === '' ? '' : ` written by ${name}`}`,
  );
}
