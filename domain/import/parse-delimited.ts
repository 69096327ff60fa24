/*
 * Delimited events (section 3's tsv import, and every log that is one record per line split by a
 * delimiter): preamble and header rows skipped, comment lines dropped, columns (re)named by a fields
 * directive wherever it appears (W3C), a column mapping by index, times read by one reader made for
 * the file's shape, every other column kept in extra. A line with no delimiter in a many-column file
 * continues the message of the row before (OneDrive's raw XML lines).
 */
import { createTimestampReader, type TimestampReader } from '../time/read-timestamp.ts';
import { loadPatternReader } from '../time/pattern-reader.ts';
import { messageComposer, summaryComposer } from './composed-message.ts';
import { columnNames, delimitedRecord, type RecordRules } from './delimited-record.ts';
import { delimitedRows } from './delimited-rows.ts';
import type { ColumnMapping, DelimitedSettings } from './delimited-settings.ts';
import { ImportError } from './import-error.ts';
import { isInvalidRow, type ImportRecord, type ParsedPiece, type ParseReport } from './import-record.ts';
import { loadZone } from './parse-event-time.ts';

export type { DelimitedLayout, DelimitedSettings } from './delimited-settings.ts';

export async function* parseDelimited(
  text: AsyncIterable<string>,
  settings: DelimitedSettings,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  checkSettings(settings);
  const { mapping } = settings;
  const zone = await loadZone(settings.timeZone);
  let readTime: TimestampReader = createTimestampReader({
    zone,
    numericUnit: settings.numericUnit,
    dateOrder: settings.dateOrder,
  });
  if (settings.timePattern !== undefined) {
    const reader = await loadPatternReader(settings.timePattern, zone);
    if (typeof reader === 'string')
      throw new ImportError('bad-settings', `${reader[0]?.toUpperCase() ?? ''}${reader.slice(1)}`);
    readTime = reader;
  }
  const base = {
    mapping,
    numericUnit: settings.numericUnit,
    readTime,
    expected: settings.timePattern ?? settings.dateOrder,
    nullValues: new Set(settings.nullValues ?? []),
    restJoins: settings.delimiter === ' ' || settings.delimiter === 'whitespace',
  };
  let columns: string[] = [];
  let rules: RecordRules = base;
  // The mapping names its columns by index into the first names; a later fields directive may
  // reorder them (W3C after a restart), so each role follows its column's name.
  let roleNames: Partial<Record<keyof ColumnMapping, string>> | undefined;
  const nameColumns = (names: readonly string[]) => {
    columns = columnNames(names);
    report.columns = columns;
    let current: ColumnMapping = mapping;
    if (roleNames === undefined) {
      if (columns.length > 0)
        roleNames = Object.fromEntries(
          Object.entries(mapping).map(([role, index]) => [role, columns[index as number]]),
        );
    } else {
      const at = (name: string | undefined) =>
        name === undefined || !columns.includes(name) ? undefined : columns.indexOf(name);
      const moved = Object.fromEntries(Object.entries(roleNames).map(([role, name]) => [role, at(name)]));
      current = { ...moved, startTime: at(roleNames.startTime) ?? mapping.startTime };
    }
    rules = {
      ...base,
      mapping: current,
      composeMessage:
        current.message === undefined
          ? (messageComposer(columns) ??
            summaryComposer(
              columns,
              new Set(
                [current.startTime, current.startClock, current.endTime, current.actor, current.utcOffset].filter(
                  (index) => index !== undefined,
                ),
              ),
              base.nullValues,
            ))
          : undefined,
    };
  };
  nameColumns(settings.columnNames ?? []);
  report.delimiter = settings.delimiter;
  const width = () => columns.length || Math.max(...Object.values(mapping).filter((index) => index !== undefined)) + 1;
  let headerLeft = settings.headerRows;
  // The last record is held back one row, so a continuation line can still extend its message.
  let held: ImportRecord | undefined;
  let continued = 0;
  for await (const rows of delimitedRows(text, settings)) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const row of rows) {
      if (row.directive !== undefined) {
        nameColumns(row.directive);
        continue;
      }
      if (headerLeft > 0) {
        if (headerLeft === settings.headerRows && settings.columnNames === undefined) nameColumns(row.fields);
        headerLeft -= 1;
        continue;
      }
      const only = row.fields.length === 1 ? row.fields[0] : undefined;
      if (
        only !== undefined &&
        held !== undefined &&
        mapping.message !== undefined &&
        width() >= 3 &&
        readTime(only) === undefined
      ) {
        held = { ...held, message: `${held.message}\n${only}` };
        continued += 1;
        continue;
      }
      if (held !== undefined) piece.records.push(held);
      held = undefined;
      const result = delimitedRecord(row, columns, rules);
      if (isInvalidRow(result)) piece.invalid.push(result);
      else held = result;
    }
    if (piece.records.length > 0 || piece.invalid.length > 0) yield piece;
  }
  if (held !== undefined) yield { records: [held], invalid: [] };
  if (continued > 0) {
    report.notes.push(
      `${continued} line${continued === 1 ? '' : 's'} without a delimiter added to the message of the row before`,
    );
  }
}

const SETTING_NAMES: Record<string, string> = {
  preambleRows: 'The number of preamble rows',
  headerRows: 'The number of header rows',
  startTime: 'The start time column',
  startClock: 'The time of day column',
  endTime: 'The end time column',
  actor: 'The actor column',
  message: 'The message column',
  utcOffset: 'The UTC offset column',
};

function checkSettings(settings: DelimitedSettings): void {
  if (settings.delimiter === '') throw new ImportError('bad-settings', 'The delimiter is empty');
  const counts = { preambleRows: settings.preambleRows, headerRows: settings.headerRows };
  for (const [name, value] of Object.entries({ ...counts, ...settings.mapping })) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
      throw new ImportError(
        'bad-settings',
        `${SETTING_NAMES[name] ?? name} must be a whole number of 0 or more, not ${String(value)}`,
      );
    }
  }
}
