/*
 * Windows' SetupAPI text logs (setupapi.dev.log, setupapi.setup.log, setupapi.app.log: every driver and
 * device install, USB sticks included). After a "[Device Install Log]" header come boot sessions and
 * sections:
 *   [Boot Session: 2015/11/22 17:58:03.498]
 *   >>>  [Device Install (Hardware initiated) - USB\VID_0781&PID_5581\4C530001]
 *   >>>  Section start 2015/11/22 17:59:28.110
 *        dvi: …             (the install's steps; "!" marks a warning, "!!!" an error)
 *   <<<  Section end 2015/11/22 17:59:37.142
 *   <<<  [Exit status: SUCCESS]
 * A section is one event from its start to its end, its title and exit status the message, the kind of
 * install (the title before " - ") the actor, its warning and error lines in extra. A boot session is an
 * event of its own. Times are the machine's local time, read in the chosen zone.
 */
import type { ZoneId } from '@js-joda/core';
import { ImportError } from './import-error.ts';
import type { ImportRecord, InvalidRow, JsonValue, ParsedPiece } from './import-record.ts';
import { civilTime, localMicros } from './local-micros.ts';
import { textLines } from './text-lines.ts';

export const SETUPAPI_HEADER = /^\[Device Install Log\]\s*$/;
const TIME = String.raw`(\d{4})/(\d{2})/(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?`;
const BOOT = new RegExp(String.raw`^\[Boot Session: ${TIME}\]\s*$`);
const TITLE = /^>>>\s+\[(.*)\]\s*$/;
const START = new RegExp(String.raw`^>>>\s+Section start ${TIME}\s*$`);
const END = new RegExp(String.raw`^<<<\s+Section end ${TIME}\s*$`);
const EXIT = /^<<<\s+\[Exit status: (.*)\]\s*$/;
// "!" is a warning, "!!!" an error; a section keeps the first of them.
const FLAGGED = /^(!!!|!)\s+(.*)$/;
const MAX_FLAGGED = 50;

interface Section {
  readonly line: number;
  readonly title: string;
  start?: number | undefined;
  end?: number | undefined;
  readonly flagged: string[];
}

function instant(match: RegExpExecArray, zone: ZoneId): number | undefined {
  const [, year, month, day, hour, minute, second, fraction] = match;
  return localMicros(civilTime(Number(year), Number(month), day, hour, minute, second, fraction), zone);
}

export async function* parseSetupapi(text: AsyncIterable<string>, zone: ZoneId): AsyncGenerator<ParsedPiece> {
  let section: Section | undefined;
  let records = 0;
  const close = (exit: string | undefined): ImportRecord | InvalidRow | undefined => {
    const open = section;
    section = undefined;
    if (open === undefined) return undefined;
    if (open.start === undefined)
      return { line: open.line, reason: `line ${open.line}: the section "${open.title}" has no "Section start" time` };
    const kind = open.title.split(' - ')[0] ?? open.title;
    const extra: Record<string, JsonValue> = {};
    if (exit !== undefined) extra.exitStatus = exit;
    if (open.flagged.length > 0) extra.flagged = open.flagged;
    return {
      line: open.line,
      startMicros: open.start,
      endMicros: open.end !== undefined && open.end >= open.start ? open.end : open.start,
      actor: kind.trim(),
      message: exit === undefined ? open.title : `${open.title}: ${exit}`,
      extra,
    };
  };
  for await (const lines of textLines(text)) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    const add = (result: ImportRecord | InvalidRow | undefined) => {
      if (result === undefined) return;
      if ('reason' in result) piece.invalid.push(result);
      else {
        piece.records.push(result);
        records += 1;
      }
    };
    for (const { line, text: raw } of lines) {
      const boot = BOOT.exec(raw);
      const title = TITLE.exec(raw);
      if (boot !== null || title !== null) add(close(undefined));
      if (boot !== null) {
        const micros = instant(boot, zone);
        add(
          micros === undefined
            ? { line, reason: `line ${line}: the boot session's time is not a date` }
            : {
                line,
                startMicros: micros,
                endMicros: micros,
                actor: 'Boot Session',
                message: 'Boot session',
                extra: {},
              },
        );
      } else if (title !== null) section = { line, title: title[1] ?? '', flagged: [] };
      else if (section !== undefined) {
        const start = START.exec(raw);
        const end = END.exec(raw);
        const exit = EXIT.exec(raw);
        const flagged = FLAGGED.exec(raw);
        if (start !== null) section.start = instant(start, zone);
        else if (end !== null) section.end = instant(end, zone);
        else if (exit !== null) add(close(exit[1]));
        else if (flagged !== null && section.flagged.length < MAX_FLAGGED)
          section.flagged.push(
            `${flagged[1] === '!!!' ? 'error' : 'warning'}: ${(flagged[2] ?? '').trim().replace(/\s+/g, ' ')}`,
          );
      }
    }
    if (piece.records.length > 0 || piece.invalid.length > 0) yield piece;
  }
  const last: ParsedPiece = { records: [], invalid: [] };
  const tail = close(undefined);
  if (tail !== undefined) {
    if ('reason' in tail) last.invalid.push(tail);
    else {
      last.records.push(tail);
      records += 1;
    }
  }
  if (records === 0)
    throw new ImportError('invalid-file', 'No section of the SetupAPI log has a time (">>>  Section start …")');
  if (last.records.length + last.invalid.length > 0) yield last;
}
