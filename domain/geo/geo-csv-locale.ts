/*
 * What a spreadsheet saved in a European locale changes in a geo CSV: Excel writes ";" between cells
 * because "," is its decimal separator, and dates day first. The general sniffer can take such a file
 * for comma-separated (its header has no comma, but every "47,3769" splits the same way), and reads
 * "05/03/2024" month first as section 5 does unless told otherwise.
 */
import Papa from 'papaparse';
import { columnNames } from '../import/delimited-record.ts';
import type { MapDateOrder } from './geo-settings.ts';

interface SemicolonLayout {
  readonly columns: readonly string[];
  readonly sampleRows: readonly (readonly string[])[];
}

const SAMPLE_ROWS = 10;

/**
 * The file read as semicolon-separated when its header splits on ";" and holds no "," (the comma
 * split then only cut decimal numbers), and every sampled row has the header's number of cells.
 */
export function semicolonLayout(text: string): SemicolonLayout | undefined {
  const header = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n')).replace(/\r$/, '');
  if (header.includes(',') || !header.includes(';')) return undefined;
  const parsed = Papa.parse<string[]>(text, {
    delimiter: ';',
    newline: '\n',
    quoteChar: '"',
    preview: SAMPLE_ROWS + 2,
    skipEmptyLines: true,
  });
  const rows = parsed.data.map((fields) => fields.map((field) => field.replace(/\r$/, '')));
  // The last row of a partial sample may be cut short.
  const complete = rows.length > SAMPLE_ROWS + 1 ? rows.slice(0, SAMPLE_ROWS + 1) : rows;
  const width = complete[0]?.length ?? 0;
  if (width < 2 || complete.length < 2 || complete.some((row) => row.length !== width)) return undefined;
  return { columns: columnNames(complete[0]!), sampleRows: complete.slice(1) };
}

const SLASHED_DATE = /^\s*(\d{1,2})[/-](\d{1,2})[/-]\d{2,4}\b/;

/**
 * Day first when a date's first number passes 12, or, when no date decides, when the file is a
 * European spreadsheet's (semicolons, decimal commas); month first (left unset) otherwise.
 */
export function dateOrderOf(
  dateCells: readonly string[],
  european: boolean,
): { order: MapDateOrder | undefined; why?: string } {
  let dayFirst = false;
  let monthFirst = false;
  for (const cell of dateCells) {
    const match = SLASHED_DATE.exec(cell);
    if (match === null) continue;
    if (Number(match[1]) > 12) dayFirst = true;
    if (Number(match[2]) > 12) monthFirst = true;
  }
  if (dayFirst && !monthFirst) return { order: 'dmy', why: 'dates day first (a day past 12 comes first)' };
  if (monthFirst || !european || !dateCells.some((cell) => SLASHED_DATE.test(cell))) return { order: undefined };
  return { order: 'dmy', why: 'dates day first, as a European spreadsheet writes them (semicolons, decimal commas)' };
}
