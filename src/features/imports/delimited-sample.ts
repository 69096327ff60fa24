/*
 * The first rows of a delimited file as raw cells under the analyst's current layout, read on the
 * main thread from the file's first 64 KiB (a few milliseconds), so the mapping shows what each
 * column holds while the worker previews the whole file.
 */
import { decodeStart } from '../../../domain/import/byte-chunks.ts';
import { delimitedRows } from '../../../domain/import/delimited-rows.ts';
import { gunzipStart, isGzip } from '../../../domain/import/gunzip-bytes.ts';
import type { DelimitedDraft } from './import-settings-draft.ts';

const SAMPLE_ROW_COUNT = 8;

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}

/** The start of the file as text: unpacked first when it is gzipped, as the worker and the server read it. */
export async function fileStartText(file: Blob, bytes: number): Promise<string> {
  const start = new Uint8Array(await file.slice(0, bytes).arrayBuffer());
  return decodeStart(isGzip(start) ? gunzipStart(start, bytes) : start);
}

export async function delimitedSample(
  text: string,
  draft: DelimitedDraft,
  count = SAMPLE_ROW_COUNT,
): Promise<string[][]> {
  const rows: string[][] = [];
  let headerLeft = draft.headerRows;
  // Only the lines the sample needs (and a few for comments and quoted newlines): the main thread stays free.
  for await (const batch of delimitedRows(
    once(leadingLines(text, draft.preambleRows + draft.headerRows + count * 4 + 16)),
    draft,
  )) {
    for (const row of batch) {
      if (headerLeft > 0) {
        headerLeft -= 1;
        continue;
      }
      rows.push(row.fields);
      if (rows.length >= count) return rows;
    }
  }
  return rows;
}

/** Each column's first non-empty value, by index. */
export function firstValues(rows: readonly (readonly string[])[], width: number): (string | undefined)[] {
  return Array.from({ length: width }, (_, index) =>
    rows.map((row) => row[index]).find((cell) => cell !== undefined && cell.trim() !== ''),
  );
}

function leadingLines(text: string, lines: number): string {
  let end = -1;
  for (let line = 0; line < lines; line += 1) {
    end = text.indexOf('\n', end + 1);
    if (end === -1) return text;
  }
  return text.slice(0, end + 1);
}
