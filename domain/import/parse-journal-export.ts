/*
 * journalctl's export format (-o export, systemd's "Journal Export Format"): one entry per block of
 * "FIELD=value" lines, blocks separated by a blank line, __REALTIME_TIMESTAMP in microseconds since
 * the epoch. A value holding a newline or other control bytes is written as the field name alone on
 * its line, then a little-endian 64-bit length and the raw bytes (journal-export-bytes.ts): read as
 * text when it is text. Where a text tool broke that length (NULs stripped), the field is skipped up
 * to the next "FIELD=" line and named in the entry's extra.
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
import { journalExportUnits } from './journal-export-bytes.ts';
import { readableText } from './json-record.ts';
import { shorten } from './parse-event-time.ts';
import { priorityNames } from './syslog-line.ts';

// Field names are upper-case letters, digits and underscores (systemd's journal-file rules).
const FIELD = /^([A-Z0-9_]{1,64})=/;
const BINARY_FIELD = /^[A-Z0-9_]{1,64}$/;
// An entry is a few dozen fields: past this it is not an export, and is cut into invalid rows.
const MAX_ENTRY_CHARS = 1 << 20;
// Control characters other than tab and line ends (after terminal escapes are removed) mean binary data.
// eslint-disable-next-line no-control-regex
const BINARY_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

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
  bytes: AsyncIterable<Uint8Array>,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  report.notes.push('journalctl export: one event per entry, its time from __REALTIME_TIMESTAMP (UTC)');
  let entry: Entry | undefined;
  // After a field whose length prefix did not hold: its lines are skipped until the next "FIELD=" line.
  let skipping = false;
  let binarySeen = false;
  const tally: PieceTally = { records: 0, invalid: 0 };
  let piece: ParsedPiece = { records: [], invalid: [] };
  const grow = (line: number, chars: number) => {
    entry ??= { line, fields: new Map(), binary: [], chars: 0 };
    entry.chars += chars;
    if (entry.chars <= MAX_ENTRY_CHARS) return entry;
    piece.invalid.push({
      line: entry.line,
      reason: `line ${entry.line}: the entry runs over 1 MiB without a blank line`,
    });
    entry = undefined;
    return undefined;
  };
  for await (const unit of journalExportUnits(bytes, MAX_ENTRY_CHARS)) {
    const { line } = unit;
    if (unit.kind === 'runaway') {
      if (entry !== undefined) grow(line, MAX_ENTRY_CHARS + 1);
      else piece.invalid.push({ line, reason: `line ${line}: the line runs over 1 MiB` });
      skipping = false;
    } else if (unit.kind === 'value') {
      skipping = false;
      // A value past 1 MiB was stepped over: the entry holds only what is kept of it.
      const text = valueText(unit.name, unit.bytes, unit.size);
      grow(line, text.length)?.fields.set(unit.name, text);
    } else {
      const raw = unit.text;
      const field = FIELD.exec(raw);
      if (raw === '' || (skipping && field === null && !BINARY_FIELD.test(raw))) {
        if (raw === '' && entry !== undefined) addToPiece(piece, journalRecord(entry));
        if (raw === '') {
          entry = undefined;
          skipping = false;
        }
      } else if (field === null && !BINARY_FIELD.test(raw)) {
        skipping = false;
        piece.invalid.push({
          line,
          reason: `line ${line}: "${shorten(raw)}" is not a "FIELD=value" line of a journal export`,
        });
      } else if (field === null) {
        grow(line, raw.length)?.binary.push(raw);
        skipping = true;
        binarySeen = true;
      } else {
        skipping = false;
        grow(line, raw.length)?.fields.set(field[1] ?? '', raw.slice(field[0].length));
      }
    }
    if (piece.records.length + piece.invalid.length >= 1000) {
      if (tallyPiece(tally, piece)) yield piece;
      piece = { records: [], invalid: [] };
    }
  }
  if (tallyPiece(tally, piece)) yield piece;
  const last: ParsedPiece = { records: [], invalid: [] };
  if (entry !== undefined) addToPiece(last, journalRecord(entry));
  if (binarySeen)
    report.notes.push(
      'Fields written as binary (length-prefixed, for values with newlines or control characters) whose length does not match the bytes after it (the file was changed by a text tool) are not read: each entry lists them under "binary fields"; journalctl -o json keeps them',
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

/** A length-prefixed value as text, or what it is when it is no text (a core dump, a binary blob). */
function valueText(name: string, bytes: Uint8Array | undefined, size: number): string {
  let text: string | undefined;
  try {
    text = bytes === undefined ? undefined : readableText(strictUtf8.decode(bytes));
  } catch {
    text = undefined;
  }
  if (text !== undefined && !BINARY_TEXT.test(text)) return text;
  const what = bytes === undefined ? `${size} bytes, over 1 MiB` : `${size} bytes of binary data`;
  return name === 'MESSAGE' ? `(the message is ${what}, not text)` : `(${what})`;
}
