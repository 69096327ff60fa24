/*
 * journalctl's export format (-o export, systemd's "Journal Export Format"): one entry per block of
 * "FIELD=value" lines, blocks separated by a blank line, __REALTIME_TIMESTAMP in microseconds since
 * the epoch. A value holding a newline or other control bytes is written as the field name alone on
 * its line, then a little-endian 64-bit length and the raw bytes: text decoding cannot recover that
 * length, so such a field is skipped up to the next "FIELD=" line and named in the entry's extra.
 */
import { ImportError } from './import-error.ts';
import {
  addToPiece,
  tallyPiece,
  type ImportRecord,
  type InvalidRow,
  type JsonValue,
  type ParsedPiece,
  type ParseReport,
  type PieceTally,
} from './import-record.ts';
import { shorten } from './parse-event-time.ts';
import { priorityNames } from './syslog-line.ts';
import { textLines } from './text-lines.ts';

// Field names are upper-case letters, digits and underscores (systemd's journal-file rules).
const FIELD = /^([A-Z0-9_]{1,64})=/;
const BINARY_FIELD = /^[A-Z0-9_]{1,64}$/;
// An entry is a few dozen fields: past this it is not an export, and is cut into invalid rows.
const MAX_ENTRY_CHARS = 1 << 20;

interface Entry {
  readonly line: number;
  readonly fields: Map<string, string>;
  readonly binary: string[];
  chars: number;
}

export function isJournalExportField(text: string): boolean {
  return FIELD.test(text);
}

export async function* parseJournalExport(
  text: AsyncIterable<string>,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  report.notes.push('journalctl export: one event per entry, its time from __REALTIME_TIMESTAMP (UTC)');
  let entry: Entry | undefined;
  // Inside a length-prefixed value: its lines are skipped until the next "FIELD=" line.
  let skipping = false;
  let binarySeen = false;
  const tally: PieceTally = { records: 0, invalid: 0 };
  for await (const lines of textLines(text, undefined, 'a journal export')) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const { line, text: raw } of lines) {
      const field = FIELD.exec(raw);
      if (raw === '' || (skipping && field === null && !BINARY_FIELD.test(raw))) {
        if (raw === '' && entry !== undefined) addToPiece(piece, journalRecord(entry));
        if (raw === '') {
          entry = undefined;
          skipping = false;
        }
        continue;
      }
      skipping = false;
      if (field === null && !BINARY_FIELD.test(raw)) {
        piece.invalid.push({
          line,
          reason: `line ${line}: "${shorten(raw)}" is not a "FIELD=value" line of a journal export`,
        });
        continue;
      }
      entry ??= { line, fields: new Map(), binary: [], chars: 0 };
      if (field === null) {
        entry.binary.push(raw);
        skipping = true;
        binarySeen = true;
      } else entry.fields.set(field[1] ?? '', raw.slice(field[0].length));
      entry.chars += raw.length;
      if (entry.chars > MAX_ENTRY_CHARS) {
        piece.invalid.push({
          line: entry.line,
          reason: `line ${entry.line}: the entry runs over 1 MiB without a blank line`,
        });
        entry = undefined;
      }
    }
    if (tallyPiece(tally, piece)) yield piece;
  }
  const last: ParsedPiece = { records: [], invalid: [] };
  if (entry !== undefined) addToPiece(last, journalRecord(entry));
  if (binarySeen)
    report.notes.push(
      'Fields written as binary (length-prefixed, for values with newlines or control characters) are not read: each entry lists them under "binary fields"; journalctl -o json keeps them',
    );
  const lastHoldsAny = tallyPiece(tally, last);
  if (tally.records === 0)
    throw new ImportError('invalid-file', 'No journal entry with a readable __REALTIME_TIMESTAMP');
  if (lastHoldsAny) yield last;
}

function journalRecord(entry: Entry): ImportRecord | InvalidRow {
  const { line, fields } = entry;
  const realtime = fields.get('__REALTIME_TIMESTAMP');
  if (realtime === undefined)
    return { line, reason: `line ${line}: the entry has no __REALTIME_TIMESTAMP, so it has no time` };
  const micros = /^\d{1,17}$/.test(realtime) ? Number(realtime) : undefined;
  if (micros === undefined || !Number.isSafeInteger(micros))
    return {
      line,
      reason: `line ${line}, field "__REALTIME_TIMESTAMP": "${shorten(realtime)}" is not microseconds since 1970`,
    };
  const program = fields.get('SYSLOG_IDENTIFIER') ?? fields.get('_COMM') ?? fields.get('_SYSTEMD_UNIT');
  const actor = [fields.get('_HOSTNAME'), program].filter((part) => part !== undefined && part !== '').join(' ');
  const extra: Record<string, JsonValue> = {};
  for (const [name, value] of fields) if (name !== 'MESSAGE' && name !== '__REALTIME_TIMESTAMP') extra[name] = value;
  const priority = fields.get('PRIORITY');
  if (priority !== undefined && /^[0-7]$/.test(priority)) extra.severity = priorityNames(Number(priority)).severity;
  if (entry.binary.length > 0) extra['binary fields'] = entry.binary.join(', ');
  const message =
    fields.get('MESSAGE') ??
    (entry.binary.includes('MESSAGE')
      ? '(the message was exported as binary data, which this import does not read: export with journalctl -o json to keep it)'
      : '');
  return { line, startMicros: micros, endMicros: micros, actor, message, extra };
}
