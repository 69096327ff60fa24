/*
 * PowerShell transcripts (Start-Transcript, or transcription by group policy): a header between lines
 * of asterisks ("Windows PowerShell transcript start", "Start time: 20241106091402", "Username:",
 * "Machine:"), then each command as its prompt line ("PS C:\Users\alice> Get-LocalUser") and its
 * output, and "End time:" at the end. Times are yyyyMMddHHmmss in the machine's local time. A command
 * has its own "Command start time:" only when invocation headers are on (IncludeInvocationHeader, or
 * the policy's EnableInvocationHeader); otherwise it takes the time of the last header before it.
 * One event for the session's start and end, one per command with its output in extra.
 */
import type { ZoneId } from '@js-joda/core';
import { ImportError } from './import-error.ts';
import { tallyPiece, type ImportRecord, type JsonValue, type ParsedPiece, type PieceTally } from './import-record.ts';
import { localMicros } from './local-micros.ts';
import { shorten } from './parse-event-time.ts';
import { textLines } from './text-lines.ts';

export const TRANSCRIPT_START = /^(?:Windows )?PowerShell transcript start\s*$/;
const TRANSCRIPT_END = /^(?:Windows )?PowerShell transcript end\s*$/;
const STARS = /^\*{10,}\s*$/;
const HEADER_FIELD = /^([A-Za-z][A-Za-z ]{0,40}):\s?(.*)$/;
const TRANSCRIPT_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;
// "PS C:\Users\alice> Get-LocalUser", or "PS>" when the prompt is only that.
const PROMPT = /^PS(?: [^>]{1,400})?> ?(.*)$/;
// PowerShell writes a failed command's error as "PS>TerminatingError(Cmdlet): …": output, not a prompt.
const ERROR_LINE = /^PS>TerminatingError\(/;
// What Start-Transcript prints when it starts: part of the session, not a command's output.
const STARTED = /^Transcript started, output file is (.*)$/;
const MAX_OUTPUT_CHARS = 1 << 20;

interface Command {
  readonly line: number;
  readonly micros: number;
  readonly location: string;
  readonly text: string;
  output: string;
}

export async function* parsePowershellTranscript(
  text: AsyncIterable<string>,
  zone: ZoneId,
): AsyncGenerator<ParsedPiece> {
  const tally: PieceTally = { records: 0, invalid: 0 };
  // The session's header fields, and the latest time a header gave.
  let session: Record<string, JsonValue> = {};
  let inHeader = false;
  let headerLine = 0;
  let lastMicros: number | undefined;
  let command: Command | undefined;
  const actor = () => String(session['Username'] ?? session['RunAs User'] ?? '');
  const finish = (piece: ParsedPiece) => {
    if (command === undefined) return;
    const output = command.output.replace(/^\n+|\n+$/g, '');
    piece.records.push({
      line: command.line,
      startMicros: command.micros,
      endMicros: command.micros,
      actor: actor(),
      message: command.text,
      extra: { location: command.location, ...(output === '' ? {} : { output }) },
    });
    command = undefined;
  };
  const event = (piece: ParsedPiece, line: number, micros: number, message: string) => {
    const record: ImportRecord = {
      line,
      startMicros: micros,
      endMicros: micros,
      actor: actor(),
      message,
      extra: session,
    };
    piece.records.push(record);
  };
  // The start is an event once the header's fields (Username, Machine) after "Start time:" are read.
  let start: { line: number; micros: number } | undefined;
  const closeHeader = (piece: ParsedPiece) => {
    inHeader = false;
    if (start !== undefined) event(piece, start.line, start.micros, `${TRANSCRIPT_NAME} start`);
    start = undefined;
  };
  for await (const lines of textLines(text)) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const { line, text: raw } of lines) {
      const trimmed = raw.trim();
      if (STARS.test(trimmed)) continue;
      if (TRANSCRIPT_END.test(trimmed)) {
        finish(piece);
        continue;
      }
      if (TRANSCRIPT_START.test(trimmed)) {
        finish(piece);
        closeHeader(piece);
        session = {};
        inHeader = true;
        headerLine = line;
        continue;
      }
      const field = HEADER_FIELD.exec(trimmed);
      const [, name = '', value = ''] = field ?? [];
      const timed = name === 'Start time' || name === 'Command start time' || name === 'End time';
      const micros = timed ? transcriptMicros(value.trim(), zone) : undefined;
      if (micros !== undefined) {
        lastMicros = micros;
        if (name === 'Start time' && inHeader) start = { line: headerLine || line, micros };
        else {
          finish(piece);
          closeHeader(piece);
          if (name === 'End time') event(piece, line, micros, `${TRANSCRIPT_NAME} end`);
        }
        continue;
      }
      const prompt = ERROR_LINE.test(raw) ? null : PROMPT.exec(raw);
      if (inHeader && field !== null && prompt === null) {
        session[name] = value.trim();
        continue;
      }
      const started = command === undefined ? STARTED.exec(trimmed) : null;
      if (started !== null) {
        session['output file'] = started[1] ?? '';
        continue;
      }
      if (inHeader) closeHeader(piece);
      if (prompt !== null) {
        finish(piece);
        if (lastMicros === undefined) {
          piece.invalid.push({ line, reason: `line ${line}: a command before any transcript start time` });
          continue;
        }
        const location = raw
          .slice(2, raw.length - (prompt[1] ?? '').length)
          .replace(/> ?$/, '')
          .trim();
        command = { line, micros: lastMicros, location, text: prompt[1] ?? '', output: '' };
        continue;
      }
      if (command !== undefined && command.output.length + raw.length < MAX_OUTPUT_CHARS)
        command.output += `${raw.trimEnd()}\n`;
      else if (command !== undefined)
        piece.invalid.push({
          line,
          reason: `line ${line}: the output of the command on line ${command.line} is already 1 MiB long: the line is left out`,
        });
      else if (trimmed !== '')
        piece.invalid.push({
          line,
          reason: `line ${line}: "${shorten(trimmed)}" is neither a transcript header line nor a command or its output`,
        });
    }
    if (tallyPiece(tally, piece)) yield piece;
  }
  const last: ParsedPiece = { records: [], invalid: [] };
  finish(last);
  closeHeader(last);
  const lastHoldsAny = tallyPiece(tally, last);
  if (tally.records === 0)
    throw new ImportError('invalid-file', 'No PowerShell transcript header with a readable "Start time:"');
  if (lastHoldsAny) yield last;
}

const TRANSCRIPT_NAME = 'PowerShell transcript';

/** "20241106091402" in the machine's zone. */
function transcriptMicros(text: string, zone: ZoneId): number | undefined {
  const match = TRANSCRIPT_TIME.exec(text);
  if (match === null) return undefined;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match.slice(1).map(Number);
  return localMicros({ year, month, day, hour, minute, second, fractionMicros: 0 }, zone);
}
