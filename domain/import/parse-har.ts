/*
 * HTTP Archive files (section 3's har import format), 1.1 and 1.2: pages as markers, then one
 * event per entry. A HAR is one JSON document, so it is read whole (capped) before parsing.
 */
import { z } from 'zod';
import { ImportError } from './import-error.ts';
import { isInvalidRow, type ParsedPiece, type ParseReport } from './import-record.ts';
import { harEntryRecord, harPageRecord } from './har-record.ts';

export const MAX_HAR_BYTES = 256 << 20;
// Records are handed on in slices so a big archive still streams into the batches.
const SLICE = 1000;

const HarLogSchema = z.object({
  log: z.object({
    // Only entries must be right; the rest is read leniently (Fiddler writes "pages": null).
    version: z.string().nullish().catch(undefined),
    creator: z.object({ name: z.string().nullish(), version: z.string().nullish() }).nullish().catch(undefined),
    pages: z.array(z.unknown()).nullish(),
    entries: z.array(z.unknown()),
  }),
});

export function* parseHar(bytes: Uint8Array, report: ParseReport): Generator<ParsedPiece> {
  // TextDecoder drops the UTF-8 BOM that Fiddler writes and plain JSON.parse refuses.
  const text = new TextDecoder('utf-8').decode(bytes);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    if (!text.trimEnd().endsWith('}')) {
      throw new ImportError('truncated', `The HAR file is truncated: its JSON stops before the end (${detail})`, { cause: error });
    }
    throw new ImportError('invalid-file', `The HAR file is not valid JSON: ${detail}`, { cause: error });
  }
  const parsed = HarLogSchema.safeParse(document);
  if (!parsed.success) {
    throw new ImportError('invalid-file', 'Not a HAR file: it needs a "log" object with an "entries" array');
  }
  const { log } = parsed.data;
  const creator = [log.creator?.name, log.creator?.version].filter(Boolean).join(' ');
  report.notes.push(`HAR ${log.version ?? '(no version)'}${creator === '' ? '' : ` written by ${creator}`}`);
  const pages = log.pages ?? [];
  for (const [list, toRecord] of [[pages, harPageRecord], [log.entries, harEntryRecord]] as const) {
    for (let start = 0; start < list.length; start += SLICE) {
      const piece: ParsedPiece = { records: [], invalid: [] };
      list.slice(start, start + SLICE).forEach((item, offset) => {
        const result = toRecord(item, start + offset);
        if (isInvalidRow(result)) piece.invalid.push(result);
        else piece.records.push(result);
      });
      yield piece;
    }
  }
}
