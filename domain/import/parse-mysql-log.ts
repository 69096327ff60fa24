/*
 * MySQL's general query log and slow query log (mysql-log-line.ts has their grammar): a general row
 * is an event, by its connection's user (from that connection's Connect row) or its connection id; a
 * row 5.6 wrote without a time has the time of the row before. A slow entry is an event from its
 * "# Time:" (5.6 omits it within one second: then "SET timestamp=" or the entry before), by
 * user@host, its statements as the message and Query_time, Rows_examined, … in extra. A line of
 * neither continues the message before it (a query written over several lines), up to 1 MiB.
 */
import type { ZoneId } from '@js-joda/core';
import type { ImportRecord, InvalidRow, JsonValue, ParsedPiece } from './import-record.ts';
import { ImportError } from './import-error.ts';
import {
  connectUser,
  isMysqlPreamble,
  mysqlTimeReader,
  readGeneralRow,
  SLOW_SET_TIMESTAMP,
  SLOW_STATS,
  SLOW_TIME,
  SLOW_USE,
  SLOW_USER,
} from './mysql-log-line.ts';
import { shorten } from './parse-event-time.ts';
import { textLines } from './text-lines.ts';

const MAX_MESSAGE_CHARS = 1 << 20;
// Connections whose user is remembered; a log of more open at once forgets the oldest.
const MAX_CONNECTIONS = 100_000;
const STATEMENT_COMMANDS = new Set(['Query', 'Execute', 'Prepare']);

interface Pending {
  readonly line: number;
  micros: number | undefined;
  actor: string;
  readonly slow: boolean;
  /** A slow entry's statements; a general row's message. */
  lines: string[];
  chars: number;
  readonly extra: Record<string, JsonValue>;
}

export async function* parseMysqlLog(text: AsyncIterable<string>, zone: ZoneId): AsyncGenerator<ParsedPiece> {
  const readTime = mysqlTimeReader(zone);
  const users = new Map<string, string>();
  let lastMicros: number | undefined;
  let pending: Pending | undefined;
  let count = 0;
  const finish = (piece: ParsedPiece) => {
    if (pending === undefined) return;
    const { line, micros, actor, lines, extra } = pending;
    pending = undefined;
    count += 1;
    if (micros === undefined) {
      piece.invalid.push({ line, reason: `line ${line}: no time for this entry (no "# Time:" or row time before it)` });
      return;
    }
    const message = lines.join('\n').trim() || '(no statement)';
    piece.records.push({ line, startMicros: micros, endMicros: micros, actor, message, extra });
  };
  const start = (line: number, slow: boolean, micros: number | undefined, actor = '') => {
    pending = { line, micros, actor, slow, lines: [], chars: 0, extra: {} };
    return pending;
  };
  for await (const lines of textLines(text)) {
    const piece: { records: ImportRecord[]; invalid: InvalidRow[] } = { records: [], invalid: [] };
    for (const { line, text: raw } of lines) {
      if (raw.trim() === '') continue;
      if (isMysqlPreamble(raw)) {
        finish(piece);
        continue;
      }
      const row = readGeneralRow(raw);
      if (row !== undefined) {
        finish(piece);
        const micros = row.time === undefined ? lastMicros : readTime(row.time);
        if (micros === undefined && row.time !== undefined) {
          count += 1;
          piece.invalid.push({ line, reason: `line ${line}: "${row.time}" is not a date (expected a MySQL log time)` });
          continue;
        }
        lastMicros = micros;
        if (row.command === 'Connect') remember(users, row.connection, connectUser(row.argument));
        const actor = users.get(row.connection) ?? `connection ${row.connection}`;
        if (row.command === 'Quit') users.delete(row.connection);
        const entry = start(line, false, micros, actor);
        entry.lines.push(STATEMENT_COMMANDS.has(row.command) ? row.argument : `${row.command} ${row.argument}`);
        entry.chars = row.argument.length;
        Object.assign(entry.extra, { connection: row.connection, command: row.command });
        continue;
      }
      const slowTime = SLOW_TIME.exec(raw);
      if (slowTime !== null) {
        finish(piece);
        lastMicros = readTime(slowTime[1] ?? '');
        start(line, true, lastMicros).extra['time'] = slowTime[1] ?? '';
        continue;
      }
      const user = SLOW_USER.exec(raw);
      if (user !== null) {
        // 5.6 starts an entry with "# User@Host:" when its second has a "# Time:" already.
        const open = pending?.slow === true && pending.lines.length === 0 && pending.actor === '';
        if (!open) finish(piece);
        const entry = open && pending !== undefined ? pending : start(line, true, lastMicros);
        const [, name = '', host = '', address = '', connection] = user;
        entry.actor = `${name}@${host || address}`;
        if (address !== '') entry.extra['client'] = address;
        if (connection !== undefined) entry.extra['connection'] = connection;
        continue;
      }
      const stats = SLOW_STATS.exec(raw);
      if (stats !== null && pending?.slow === true && pending.lines.length === 0) {
        for (const [, key = '', value = ''] of (stats[1] ?? '').matchAll(/(\w+): (\S+)/g))
          pending.extra[key.toLowerCase()] = Number.isFinite(Number(value)) ? Number(value) : value;
        continue;
      }
      if (pending?.slow === true) {
        const stamp = SLOW_SET_TIMESTAMP.exec(raw);
        if (stamp !== null) {
          if (pending.extra['time'] === undefined) pending.micros = Number(stamp[1]) * 1_000_000;
          continue;
        }
        const use = SLOW_USE.exec(raw);
        if (use !== null && pending.lines.length === 0) {
          pending.extra['database'] = use[1] ?? '';
          continue;
        }
      }
      if (pending !== undefined && pending.chars + raw.length < MAX_MESSAGE_CHARS) {
        pending.lines.push(raw);
        pending.chars += raw.length + 1;
      } else if (pending === undefined) {
        count += 1;
        piece.invalid.push({
          line,
          reason: `line ${line}: "${shorten(raw)}" is not a MySQL general or slow query log line (expected a time, a connection id and a command, or "# Time:")`,
        });
      }
    }
    if (piece.records.length > 0 || piece.invalid.length > 0) yield piece;
  }
  const last: ParsedPiece = { records: [], invalid: [] };
  finish(last);
  if (count === 0)
    throw new ImportError('invalid-file', 'No line of the file is a MySQL general or slow query log row');
  if (last.records.length > 0 || last.invalid.length > 0) yield last;
}

function remember(users: Map<string, string>, connection: string, user: string | undefined): void {
  if (user === undefined) return;
  users.delete(connection);
  users.set(connection, user);
  if (users.size > MAX_CONNECTIONS) users.delete(users.keys().next().value ?? '');
}
