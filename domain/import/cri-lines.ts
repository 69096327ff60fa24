/*
 * Kubernetes CRI container logs (/var/log/pods/…, `kubectl logs` of containerd and CRI-O):
 * `<RFC 3339 time> <stdout|stderr> <P|F> <message>`. A long line is written as P(artial) pieces
 * closed by an F(ull) one of the same stream; they are joined into one record at the first piece.
 */
import { addPiece, type OpenPieces } from './text-passes.ts';
import type { JsonLine } from './json-lines.ts';
import { textLines } from './text-lines.ts';
import { shorten } from './parse-event-time.ts';

export const CRI_LINE = /^(\d{4}-\d{2}-\d{2}T\S+) (stdout|stderr) ([A-Z](?::[A-Z]+)*) ?(.*)$/;

interface Partial extends OpenPieces {
  time: string;
}

export async function* criLines(text: AsyncIterable<string>): AsyncGenerator<JsonLine[]> {
  // Open partial messages per stream: stdout and stderr interleave.
  const open = new Map<string, Partial>();

  const readLine = (lineNumber: number, raw: string, out: JsonLine[]): void => {
    if (raw.trim() === '') return;
    const match = CRI_LINE.exec(raw);
    if (match === null) {
      out.push({
        line: lineNumber,
        error: `'${shorten(raw)}' is not a CRI log line (expected time, stdout or stderr, P or F, message)`,
      });
      return;
    }
    const [, time = '', stream = '', tag = '', message = ''] = match;
    const partial = open.get(stream);
    if (tag.split(':').includes('P')) {
      if (partial === undefined) open.set(stream, { line: lineNumber, time, pieces: [message], chars: message.length });
      else addPiece(partial, message, 'CRI message');
      return;
    }
    open.delete(stream);
    const joined = partial === undefined ? message : `${partial.pieces.join('')}${message}`;
    out.push({ line: partial?.line ?? lineNumber, value: { time: partial?.time ?? time, stream, tag, log: joined } });
  };

  // Each batch is held back one step so the partials still open at the end join the last batch.
  let held: JsonLine[] = [];
  for await (const lines of textLines(text, undefined, 'a CRI log')) {
    if (held.length > 0) yield held;
    held = [];
    for (const { line, text: raw } of lines) readLine(line, raw, held);
    held.sort((a, b) => a.line - b.line);
  }
  // A partial never closed (the file was cut mid-message) is still the analyst's evidence.
  for (const [stream, partial] of open)
    held.push({ line: partial.line, value: { time: partial.time, stream, tag: 'P', log: partial.pieces.join('') } });
  if (held.length > 0) yield held.sort((a, b) => a.line - b.line);
}
