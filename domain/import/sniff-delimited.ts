/*
 * Guesses the layout of delimited text from its first bytes: the delimiter (tab or comma, the one
 * splitting most records into the same number of fields), preamble rows (leading records with
 * another field count), a header row (no cell reads as a time or a number), Zeek's # header.
 */
import Papa from 'papaparse';
import { resolveTimeZone } from '../time/time-zone-loader.ts';
import type { NumericTimestampUnit } from '../time/parse-date.ts';
import { columnNames, type ColumnMapping } from './delimited-record.ts';
import type { Delimiter } from './import-record.ts';
import type { DelimitedLayout } from './parse-delimited.ts';
import { parseEventTime } from './parse-event-time.ts';
import { suggestColumnMapping } from './suggest-mapping.ts';

export interface DelimitedGuess {
  readonly layout: DelimitedLayout;
  readonly columns: readonly string[];
  readonly mapping: Partial<ColumnMapping>;
  readonly numericUnit: NumericTimestampUnit;
  /** Up to ten data rows, for the preview before parsing. */
  readonly sampleRows: readonly (readonly string[])[];
}

const NUMBER = /^\s*[+-]?\d+(\.\d+)?\s*$/;
const SECONDS = /^\s*\d{1,11}(\.\d{1,6})?\s*$/;

/** The layout of `text` (the file's start; `complete` when it is the whole file), or why none fits. */
export function sniffDelimited(text: string, complete: boolean): DelimitedGuess | string {
  if (text.startsWith('#separator')) return sniffZeek(text);
  const candidates = (['\t', ','] as const).map((delimiter) => ({ delimiter, ...fieldCounts(text, delimiter, complete) }));
  const best = candidates
    .filter((candidate) => candidate.modal >= 2 && candidate.share >= 0.6)
    .sort((a, b) => b.share - a.share)[0];
  if (best === undefined) return 'no tab or comma splits its first lines into the same number of columns';
  const { records, modal, delimiter } = best;
  const preamble = records.findIndex((fields) => fields.length === modal);
  // Physical lines, blank ones included, as the parser skips them; a quoted newline adds one.
  const preambleRows = records.slice(0, preamble).reduce((lines, fields) => lines + fields.join('').split('\n').length, 0);
  const first = records[preamble] ?? [];
  const hasHeader = first.some((cell) => cell.trim() !== '') && first.every((cell) => !looksLikeValue(cell));
  const data = records.slice(preamble + (hasHeader ? 1 : 0)).filter((fields) => fields.length === modal);
  const columns = hasHeader ? columnNames(first) : columnNames(Array.from({ length: modal }, () => ''));
  const mapping = { ...suggestColumnMapping(columns) };
  mapping.startTime ??= probeTimeColumn(data, modal);
  return {
    layout: { delimiter, quoted: true, preambleRows, headerRows: hasHeader ? 1 : 0 },
    columns,
    mapping,
    numericUnit: unitOf(data.map((fields) => fields[mapping.startTime ?? -1] ?? '')),
    sampleRows: data.slice(0, 10),
  };
}

function fieldCounts(text: string, delimiter: Delimiter, complete: boolean): { records: string[][]; modal: number; share: number } {
  const parsed = new Papa.Parser({ delimiter, newline: '\n', quoteChar: '"' }).parse(text, 0, !complete) as { data: string[][] };
  // Blank lines stay in `records` (they count as preamble lines) but not in the tally.
  const records = parsed.data.slice(0, 60).map((fields) => fields.map((field) => field.replace(/\r$/, '')));
  const filled = records.filter((fields) => !(fields.length === 1 && fields[0] === ''));
  const tally = new Map<number, number>();
  for (const fields of filled) tally.set(fields.length, (tally.get(fields.length) ?? 0) + 1);
  const [modal = 0, count = 0] = [...tally].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [];
  return { records, modal, share: filled.length === 0 ? 0 : count / filled.length };
}

function sniffZeek(text: string): DelimitedGuess | string {
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  if (lines[0] !== '#separator \\x09') return `a Zeek log separated by ${lines[0]?.slice(11) ?? '?'}: only tab-separated Zeek logs are read`;
  const preambleRows = lines.findIndex((line) => !line.startsWith('#'));
  const header = (name: string) => lines.find((line) => line.startsWith(`#${name}\t`))?.split('\t').slice(1);
  const names = header('fields');
  if (names === undefined) return 'a Zeek log without a #fields line';
  const columns = columnNames(names);
  const data = lines.slice(preambleRows).filter((line) => line !== '' && !line.startsWith('#')).slice(0, 10).map((line) => line.split('\t'));
  return {
    layout: {
      delimiter: '\t',
      quoted: false,
      preambleRows: preambleRows === -1 ? lines.length : preambleRows,
      headerRows: 0,
      columnNames: columns,
      commentPrefix: '#',
      nullValues: [...(header('unset_field') ?? []), ...(header('empty_field') ?? [])],
    },
    columns,
    mapping: suggestColumnMapping(columns),
    numericUnit: 'seconds',
    sampleRows: data,
  };
}

function looksLikeValue(cell: string): boolean {
  return NUMBER.test(cell) || parseEventTime(cell, resolveTimeZone('UTC'), 'seconds') !== undefined;
}

/** The first column whose sample cells all read as dates (not bare numbers, which could be anything). */
function probeTimeColumn(rows: readonly string[][], width: number): number | undefined {
  const utc = resolveTimeZone('UTC');
  for (let index = 0; index < width; index += 1) {
    const cells = rows.map((fields) => fields[index] ?? '').filter((cell) => cell.trim() !== '');
    if (cells.length > 0 && cells.every((cell) => !NUMBER.test(cell) && parseEventTime(cell, utc, 'seconds') !== undefined)) return index;
  }
  return undefined;
}

/** Seconds when the sample start cells are numbers of at most 11 integer digits (or decimals). */
export function unitOf(cells: readonly string[]): NumericTimestampUnit {
  const numeric = cells.filter((cell) => NUMBER.test(cell));
  return numeric.length > 0 && numeric.every((cell) => SECONDS.test(cell)) ? 'seconds' : 'microseconds';
}
