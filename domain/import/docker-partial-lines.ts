/*
 * Docker's json-file driver splits a log line longer than 16 KiB into several JSON lines; all but
 * the last lack the trailing "\n" in "log". Such pieces of one stream are joined into one record,
 * numbered and timed by its first piece. Lines of any other shape pass through untouched.
 */
import { addPiece, type OpenPieces } from './text-passes.ts';
import type { JsonValue } from './import-record.ts';
import { isJsonObject, type JsonLine } from './json-lines.ts';

interface Pending extends OpenPieces {
  readonly first: { [key: string]: JsonValue };
}

const isDockerLine = (value: JsonValue): value is { [key: string]: JsonValue } & { log: string; stream: string } =>
  isJsonObject(value) &&
  typeof value.log === 'string' &&
  typeof value.stream === 'string' &&
  typeof value.time === 'string';

export async function* joinDockerPartials(batches: AsyncIterable<JsonLine[]>): AsyncGenerator<JsonLine[]> {
  const open = new Map<string, Pending>();
  const joined = (pending: Pending, last: string): JsonLine => ({
    line: pending.line,
    value: { ...pending.first, log: `${pending.pieces.join('')}${last}` },
  });
  for await (const batch of batches) {
    const out: JsonLine[] = [];
    for (const item of batch) {
      if (!('value' in item) || !isDockerLine(item.value)) {
        out.push(item);
        continue;
      }
      const { log, stream } = item.value;
      const pending = open.get(stream);
      if (!log.endsWith('\n')) {
        if (pending === undefined)
          open.set(stream, { line: item.line, first: item.value, pieces: [log], chars: log.length });
        else addPiece(pending, log, 'Docker log line');
        continue;
      }
      if (pending === undefined) out.push(item);
      else {
        open.delete(stream);
        out.push(joined(pending, log));
      }
    }
    if (out.length > 0) yield out.sort((a, b) => a.line - b.line);
  }
  // A last piece without its newline (the process wrote no final "\n", or the file was cut) stands as it is.
  const rest = [...open.values()].map((pending) => joined(pending, ''));
  if (rest.length > 0) yield rest.sort((a, b) => a.line - b.line);
}
