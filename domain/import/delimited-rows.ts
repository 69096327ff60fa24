/*
 * Delimited text streamed into rows, each with the physical line it starts on. PapaParse's
 * low-level Parser splits the fields of one-character delimiters (bench/csv-parsers-bench.ts says
 * why PapaParse); it cannot be fed arbitrary chunks, so each pass hands it what has arrived and keeps
 * the unfinished last record for the next pass. Runs of whitespace and longer delimiters ("<;>")
 * split line by line (split-line.ts). A fields directive line (W3C "#Fields:") comes out as names.
 */
import Papa from 'papaparse';
import type { DelimitedLayout } from './delimited-settings.ts';
import { splitLine } from './split-line.ts';
import { textLines } from './text-lines.ts';
import { textPasses } from './text-passes.ts';

export type RowLayout = Pick<
  DelimitedLayout,
  'delimiter' | 'quoted' | 'preambleRows' | 'commentPrefix' | 'fieldsDirective'
>;

export interface DelimitedRow {
  readonly line: number;
  readonly fields: string[];
  /** Set on a fields directive line: the column names it gives (fields then holds the line's text). */
  readonly directive?: readonly string[];
}

interface PapaPass {
  readonly data: string[][];
  readonly meta: { readonly cursor: number };
}

// Text gathered before a pass: big enough that per-pass costs vanish, small enough to stream.
const PASS_CHARS = 1 << 20;

/** `passChars` is the text gathered per pass; tests make it tiny to put pass boundaries everywhere. */
export async function* delimitedRows(
  text: AsyncIterable<string>,
  layout: RowLayout,
  passChars = PASS_CHARS,
): AsyncGenerator<DelimitedRow[]> {
  if (layout.delimiter.length !== 1) {
    yield* lineRows(text, layout, passChars);
    return;
  }
  const parser = new Papa.Parser({
    delimiter: layout.delimiter,
    newline: '\n',
    quoteChar: '"',
    // Without quoting Papa splits on newline and delimiter only; with it Papa still takes that
    // shortcut for a pass without any quote character.
    ...(layout.quoted ? {} : { fastMode: true }),
  });
  const marker = (layout.fieldsDirective ?? layout.commentPrefix)?.charCodeAt(0);
  let line = 1;
  let preambleLeft = layout.preambleRows;

  const pass = (carry: string, final: boolean) => {
    let start = 0;
    while (preambleLeft > 0) {
      const end = carry.indexOf('\n', start);
      if (end === -1 && !final) return { items: [], used: start };
      start = end === -1 ? carry.length : end + 1;
      line += 1;
      preambleLeft -= 1;
    }
    const input = start === 0 ? carry : carry.slice(start);
    if (input === '') return { items: [], used: start };
    const result = parser.parse(input, 0, !final) as PapaPass;
    const consumed = final ? input.length : result.meta.cursor;
    return { items: numberRows(result.data, input, consumed, final), used: start + consumed };
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
      // Only a row that could be a comment or directive is joined back to its text.
      const marked = marker !== undefined && fields[0]?.charCodeAt(0) === marker;
      const row = marked
        ? commentOrRow(rowLine, fields, fields.join(layout.delimiter), layout)
        : { line: rowLine, fields };
      if (row !== undefined) rows.push(row);
    }
    return rows;
  };

  yield* textPasses(
    text,
    passChars,
    pass,
    () =>
      `Line ${line}: one record runs on for more than 8 MiB; a quote is probably never closed (should quoting be off?)`,
  );
}

/** Rows of a whitespace or multi-character delimiter: one per physical line, quotes only around a field. */
async function* lineRows(
  text: AsyncIterable<string>,
  layout: RowLayout,
  passChars: number,
): AsyncGenerator<DelimitedRow[]> {
  for await (const lines of textLines(text, passChars, 'delimited text')) {
    const rows: DelimitedRow[] = [];
    for (const { line, text: lineText } of lines) {
      if (line <= layout.preambleRows || lineText.trim() === '') continue;
      const row = commentOrRow(line, undefined, lineText, layout);
      if (row !== undefined) rows.push(row);
    }
    if (rows.length > 0) yield rows;
  }
}

/** The row for a line: undefined for a comment, names for a fields directive, else its fields. */
function commentOrRow(
  line: number,
  fields: string[] | undefined,
  lineText: string,
  layout: RowLayout,
): DelimitedRow | undefined {
  const { fieldsDirective, commentPrefix } = layout;
  if (fieldsDirective !== undefined && lineText.startsWith(fieldsDirective)) {
    // W3C names its fields with spaces even where the rows are tab-separated (CloudFront).
    const names = lineText
      .slice(fieldsDirective.length)
      .trim()
      .split([' ', '\t', 'whitespace'].includes(layout.delimiter) ? /\s+/ : layout.delimiter);
    return { line, fields: [lineText], directive: names.filter((name) => name !== '') };
  }
  if (commentPrefix !== undefined && lineText.startsWith(commentPrefix)) return undefined;
  return { line, fields: fields ?? splitLine(lineText, layout.delimiter, layout.quoted) };
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}
