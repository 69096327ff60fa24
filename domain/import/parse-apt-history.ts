/*
 * Debian apt's history.log: blank-line separated stanzas of "Key: value" lines, one per apt run,
 * from "Start-Date: 2019-07-10  16:38:08" to "End-Date:" in local time. One event per stanza: the
 * command line as the message, Requested-By's user (else "apt") as the actor, the rest in extra.
 */
import type { ZoneId } from '@js-joda/core';
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
import { localMicros } from './local-micros.ts';
import { shorten } from './parse-event-time.ts';
import { textLines } from './text-lines.ts';

const APT_TIME = /^(\d{4})-(\d{2})-(\d{2}) +(\d{2}):(\d{2}):(\d{2})$/;
const FIELD = /^([A-Za-z][A-Za-z-]*): ?(.*)$/;
const ACTIONS = ['Install', 'Upgrade', 'Downgrade', 'Reinstall', 'Remove', 'Purge'];
// A stanza longer than this is not an apt record: it is cut into invalid rows instead of buffered.
const MAX_STANZA_LINES = 1000;

interface Stanza {
  readonly line: number;
  readonly fields: Map<string, string>;
  size: number;
}

export async function* parseAptHistory(
  text: AsyncIterable<string>,
  zone: ZoneId,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  report.notes.push('Debian apt history: one event per Start-Date … End-Date stanza');
  let stanza: Stanza | undefined;
  const tally: PieceTally = { records: 0, invalid: 0 };
  for await (const lines of textLines(text)) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    const close = () => {
      if (stanza === undefined) return;
      const result = aptRecord(stanza, zone);
      if ('reason' in result) piece.invalid.push(result);
      else piece.records.push(result);
      stanza = undefined;
    };
    for (const { line, text: raw } of lines) {
      if (raw.trim() === '') {
        close();
        continue;
      }
      const field = FIELD.exec(raw);
      if (field === null) {
        piece.invalid.push({
          line,
          reason: `line ${line}: "${shorten(raw)}" is not a "Name: value" line of an apt history record`,
        });
        continue;
      }
      const [, name = '', value = ''] = field;
      // A Start-Date without a blank line before it still opens a new record.
      if (name === 'Start-Date') close();
      stanza ??= { line, fields: new Map(), size: 0 };
      stanza.fields.set(name, value.trim());
      stanza.size += 1;
      if (stanza.size > MAX_STANZA_LINES) {
        piece.invalid.push({
          line: stanza.line,
          reason: `line ${stanza.line}: the record runs over ${MAX_STANZA_LINES} lines without a blank line`,
        });
        stanza = undefined;
      }
    }
    if (tallyPiece(tally, piece)) yield piece;
  }
  const last: ParsedPiece = { records: [], invalid: [] };
  if (stanza !== undefined) {
    const result = aptRecord(stanza, zone);
    addToPiece(last, result);
  }
  const lastHoldsAny = tallyPiece(tally, last);
  if (tally.records === 0) throw new ImportError('invalid-file', 'No apt history record with a readable Start-Date');
  if (lastHoldsAny) yield last;
}

function aptRecord(stanza: Stanza, zone: ZoneId): ImportRecord | InvalidRow {
  const { line, fields } = stanza;
  const startText = fields.get('Start-Date');
  if (startText === undefined)
    return {
      line,
      reason: `line ${line}: the record has no "Start-Date" (expected e.g. "Start-Date: 2019-07-10  16:38:08")`,
    };
  const startMicros = aptTime(startText, zone);
  if (startMicros === undefined)
    return {
      line,
      reason: `line ${line}, field "Start-Date": "${startText}" is not a date (expected year-month-day hour:minute:second)`,
    };
  const endText = fields.get('End-Date');
  const endMicros = endText === undefined ? undefined : aptTime(endText, zone);
  const requestedBy = fields.get('Requested-By');
  const action = ACTIONS.find((name) => fields.has(name));
  const message =
    fields.get('Commandline') ?? (action === undefined ? 'apt' : `${action}: ${fields.get(action) ?? ''}`);
  const extra: Record<string, JsonValue> = {};
  for (const [name, value] of fields) if (name !== 'Start-Date' && name !== 'Commandline') extra[name] = value;
  for (const name of ACTIONS) {
    const list = fields.get(name);
    // Packages are "name:arch (versions)" separated by ", " outside the parentheses.
    if (list !== undefined) extra[`${name} count`] = list.split(/\), /).length;
  }
  return {
    line,
    startMicros,
    // An End-Date before the start (a clock change mid-run) is kept in extra but not used.
    endMicros: endMicros !== undefined && endMicros >= startMicros ? endMicros : startMicros,
    actor: requestedBy === undefined ? 'apt' : requestedBy.replace(/ \(\d+\)$/, ''),
    message,
    extra,
  };
}

function aptTime(text: string, zone: ZoneId): number | undefined {
  const match = APT_TIME.exec(text);
  if (match === null) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  return localMicros(
    {
      year: year ?? 0,
      month: month ?? 0,
      day: day ?? 0,
      hour: hour ?? 0,
      minute: minute ?? 0,
      second: second ?? 0,
      fractionMicros: 0,
    },
    zone,
  );
}
