/*
 * Tab- or comma-separated events (section 3's tsv import format): preamble and header rows
 * skipped, a column mapping by index, times in the chosen zone, every other column kept in extra.
 */
import type { NumericTimestampUnit } from '../time/parse-date.ts';
import { columnNames, delimitedRecord, type ColumnMapping, type RecordRules } from './delimited-record.ts';
import { delimitedRows, type RowLayout } from './delimited-rows.ts';
import { ImportError } from './import-error.ts';
import { isInvalidRow, type ParsedPiece, type ParseReport } from './import-record.ts';
import { loadZone } from './parse-event-time.ts';

export interface DelimitedLayout extends RowLayout {
  /** Rows after the preamble that are not data; the first of them names the columns. */
  readonly headerRows: number;
  /** Column names to use instead of the header's (Zeek's #fields line; a file without a header). */
  readonly columnNames?: readonly string[] | undefined;
  readonly nullValues?: readonly string[] | undefined;
}

export interface DelimitedSettings extends DelimitedLayout {
  readonly mapping: ColumnMapping;
  /** How a plain number is read: Zeek's '1521911720.629574' is seconds. */
  readonly numericUnit: NumericTimestampUnit;
  /** A name from the known zone table, for times written without an offset. */
  readonly timeZone: string;
}

export async function* parseDelimited(
  text: AsyncIterable<string>,
  settings: DelimitedSettings,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  checkSettings(settings);
  const rules: RecordRules = {
    mapping: settings.mapping,
    numericUnit: settings.numericUnit,
    zone: await loadZone(settings.timeZone),
    nullValues: new Set(settings.nullValues ?? []),
  };
  let columns = columnNames(settings.columnNames ?? []);
  report.columns = columns;
  report.delimiter = settings.delimiter;
  let headerLeft = settings.headerRows;
  for await (const rows of delimitedRows(text, settings)) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const row of rows) {
      if (headerLeft > 0) {
        if (headerLeft === settings.headerRows && settings.columnNames === undefined) {
          columns = columnNames(row.fields);
          report.columns = columns;
        }
        headerLeft -= 1;
        continue;
      }
      const result = delimitedRecord(row, columns, rules);
      if (isInvalidRow(result)) piece.invalid.push(result);
      else piece.records.push(result);
    }
    yield piece;
  }
}

function checkSettings(settings: DelimitedSettings): void {
  const counts = { preambleRows: settings.preambleRows, headerRows: settings.headerRows };
  for (const [name, value] of Object.entries({ ...counts, ...settings.mapping })) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
      throw new ImportError('bad-settings', `${name} must be a whole number of 0 or more, not ${String(value)}`);
    }
  }
}
