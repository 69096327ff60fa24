/*
 * Delimited text streamed into rows, each with the physical line it starts on. PapaParse's
 * low-level Parser splits the fields (bench/csv-parsers-bench.ts says why PapaParse); it cannot be
 * fed arbitrary chunks, so each pass hands it what has arrived and keeps the unfinished last record
 * for the next pass. Papa finds that record's start itself, so quotes spanning chunks are respected.
 */
import Papa from 'papaparse';
import { ImportError } from './import-error.ts';
import { textPasses } from './text-passes.ts';
import type { Delimiter } from './import-record.ts';

export interface RowLayout {
  readonly delimiter: Delimiter;
  /** RFC 4180 quoting ("a, b", "" for a quote, newlines inside quotes); off for Zeek, where " is text. */
  readonly quoted: boolean;
  /** Physical lines skipped before anything is parsed (a title, Zeek's # header). */
  readonly preambleRows: number;
  /** Rows whose first field starts with this are skipped wherever they are (Zeek's #close footer). */
  readonly commentPrefix?: string | undefined;
}

export interface DelimitedRow {
  readonly line: number;
  readonly fields: string[];
}

interface PapaPass {
  readonly data: string[][];
  readonly meta: { readonly cursor: number };
}

// Text gathered before a pass: big enough that per-pass costs vanish, small enough to stream.
const PASS_CHARS = 1 << 20;
/** A record longer than this is a quote never closed, not data: stop rather than buffer the file. */
export const MAX_RECORD_CHARS = 8 << 20;

/** `passChars` is the text gathered per pass; tests make it tiny to put pass boundaries everywhere. */
export async function* delimitedRows(text: AsyncIterable<string>, layout: RowLayout, passChars = PASS_CHARS): AsyncGenerator<DelimitedRow[]> {
  const parser = new Papa.Parser({
    delimiter: layout.delimiter,
    newline: '\n',
    quoteChar: '"',
    // Without quoting Papa splits on newline and delimiter only; with it Papa still takes that
    // shortcut for a pass without any quote character.
    ...(layout.quoted ? {} : { fastMode: true }),
  });
  let carry = '';
  let line = 1;
  let preambleLeft = layout.preambleRows;

  const pass = (final: boolean): DelimitedRow[] => {
    while (preambleLeft > 0) {
      const end = carry.indexOf('\n');
      if (end === -1 && !final) return [];
      carry = end === -1 ? '' : carry.slice(end + 1);
      line += 1;
      preambleLeft -= 1;
    }
    if (carry === '') return [];
    const result = parser.parse(carry, 0, !final) as PapaPass;
    const consumed = final ? carry.length : result.meta.cursor;
    const rows = numberRows(result.data, carry, consumed, final);
    carry = carry.slice(consumed);
    if (carry.length > MAX_RECORD_CHARS) {
      throw new ImportError(
        'invalid-file',
        `Line ${line}: one record runs on for more than 8 MiB; a quote is probably never closed (should quoting be off?)`,
      );
    }
    return rows;
  };

  const numberRows = (data: string[][], input: string, consumed: number, final: boolean): DelimitedRow[] => {
    // Every row but a final one ends in exactly one newline unless a quoted field holds some.
    const simple = countNewlines(input, 0, consumed) === data.length - (final ? 1 : 0);
    const rows: DelimitedRow[] = [];
    for (const fields of data) {
      const rowLine = line;
      line += 1 + (simple ? 0 : fields.reduce((sum, field) => sum + countNewlines(field, 0, field.length), 0));
      const last = fields.length - 1;
      const lastField = fields[last];
      if (lastField !== undefined && lastField.endsWith('\r')) fields[last] = lastField.slice(0, -1);
      if (fields.length === 1 && fields[0] === '') continue;
      if (layout.commentPrefix !== undefined && fields[0]?.startsWith(layout.commentPrefix)) continue;
      rows.push({ line: rowLine, fields });
    }
    return rows;
  };

  yield* textPasses(text, passChars, (piece) => {
    carry += piece;
  }, pass);
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}
