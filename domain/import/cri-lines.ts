/*
 * Kubernetes CRI container logs (/var/log/pods/…, `kubectl logs` of containerd and CRI-O):
 * `<RFC 3339 time> <stdout|stderr> <P|F> <message>`. A long line is written as P(artial) pieces
 * closed by an F(ull) one of the same stream; they are joined into one record at the first piece.
 */
import { MAX_RECORD_CHARS } from './delimited-rows.ts';
import { ImportError } from './import-error.ts';
import type { JsonLine } from './json-lines.ts';
import { textPasses } from './text-passes.ts';
import { shorten } from './parse-event-time.ts';

export const CRI_LINE = /^(\d{4}-\d{2}-\d{2}T\S+) (stdout|stderr) ([A-Z](?::[A-Z]+)*) ?(.*)$/;
const PASS_CHARS = 1 << 16;

interface Partial {
  line: number;
  time: string;
  pieces: string[];
  chars: number;
}

export async function* criLines(text: AsyncIterable<string>): AsyncGenerator<JsonLine[]> {
  let carry = '';
  let line = 1;
  // Open partial messages per stream: stdout and stderr interleave.
  const open = new Map<string, Partial>();

  const readLine = (raw: string, out: JsonLine[]): void => {
    const lineNumber = line;
    line += 1;
    const trimmed = raw.replace(/\r$/, '');
    if (trimmed.trim() === '') return;
    const match = CRI_LINE.exec(trimmed);
    if (match === null) {
      out.push({
        line: lineNumber,
        error: `'${shorten(trimmed)}' is not a CRI log line (expected time, stdout or stderr, P or F, message)`,
      });
      return;
    }
    const [, time = '', stream = '', tag = '', message = ''] = match;
    const partial = open.get(stream);
    if (tag.split(':').includes('P')) {
      if (partial === undefined) open.set(stream, { line: lineNumber, time, pieces: [message], chars: message.length });
      else {
        partial.pieces.push(message);
        partial.chars += message.length;
        if (partial.chars > MAX_RECORD_CHARS)
          throw new ImportError(
            'too-large',
            `The CRI message starting on line ${partial.line} runs on for more than 8 MiB of partial lines`,
          );
      }
      return;
    }
    open.delete(stream);
    const joined = partial === undefined ? message : `${partial.pieces.join('')}${message}`;
    out.push({ line: partial?.line ?? lineNumber, value: { time: partial?.time ?? time, stream, tag, log: joined } });
  };

  const pass = (final: boolean): JsonLine[] => {
    const out: JsonLine[] = [];
    let start = 0;
    for (let end = carry.indexOf('\n'); end !== -1; end = carry.indexOf('\n', start)) {
      readLine(carry.slice(start, end), out);
      start = end + 1;
    }
    carry = carry.slice(start);
    if (final) {
      if (carry !== '') readLine(carry, out);
      carry = '';
      // A partial never closed (the file was cut mid-message) is still the analyst's evidence.
      for (const [stream, partial] of open)
        out.push({ line: partial.line, value: { time: partial.time, stream, tag: 'P', log: partial.pieces.join('') } });
      open.clear();
    }
    if (carry.length > MAX_RECORD_CHARS)
      throw new ImportError(
        'invalid-file',
        `Line ${line} runs on for more than 8 MiB without a newline: this is not a CRI log`,
      );
    return out.sort((a, b) => a.line - b.line);
  };

  yield* textPasses(
    text,
    PASS_CHARS,
    (piece) => {
      carry += piece;
    },
    pass,
  );
}
