/*
 * Timesketch exports: CSV (comma, RFC 4180 quotes, one header row) and JSONL. Both go through
 * timesketch-record.ts, so they read the same fields the same way.
 */
import { columnNames } from './delimited-record.ts';
import { delimitedRows } from './delimited-rows.ts';
import { addToPiece, type JsonValue, type ParsedPiece, type ParseReport } from './import-record.ts';
import { isJsonObject, jsonLines } from './json-lines.ts';
import { newTimesketchTally, timesketchNotes, timesketchRecord, type TimesketchTally } from './timesketch-record.ts';

export async function* parseTimesketchCsv(
  text: AsyncIterable<string>,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  const tally = newTimesketchTally();
  report.delimiter = ',';
  let columns: string[] | undefined;
  for await (const rows of delimitedRows(text, { delimiter: ',', quoted: true, preambleRows: 0 })) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const { line, fields } of rows) {
      if (columns === undefined) {
        columns = columnNames(fields);
        report.columns = columns;
        continue;
      }
      if (fields.length !== columns.length) {
        piece.invalid.push({ line, reason: `the row has ${fields.length} columns, the header ${columns.length}` });
        continue;
      }
      const object: Record<string, JsonValue> = {};
      fields.forEach((value, index) => {
        object[columns?.[index] ?? `column ${index + 1}`] = value;
      });
      addToPiece(piece, timesketchRecord(object, line, tally));
    }
    yield piece;
  }
  report.notes.push(...timesketchNotes(tally));
}

export async function* parseTimesketchJsonl(
  text: AsyncIterable<string>,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  const tally: TimesketchTally = newTimesketchTally();
  for await (const lines of jsonLines(text)) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const item of lines) {
      if ('error' in item) piece.invalid.push({ line: item.line, reason: item.error });
      else if (!isJsonObject(item.value))
        piece.invalid.push({ line: item.line, reason: 'the line is not a JSON object' });
      else {
        if (report.columns.length === 0) report.columns = Object.keys(item.value);
        addToPiece(piece, timesketchRecord(item.value, item.line, tally));
      }
    }
    yield piece;
  }
  report.notes.push(...timesketchNotes(tally));
}
