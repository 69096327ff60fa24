/*
 * The records each JSON document of a file wraps (an OTLP request per line, CloudWatch Logs payloads run
 * together): every line's or top-level value's records at the records path, with the fields around
 * them (json-envelope.ts). A document without that array is an invalid row saying so; the others are read.
 */
import type { JsonLine } from './json-lines.ts';
import { wrappedRecords } from './json-envelope.ts';

export async function* innerRecords(
  documents: AsyncIterable<JsonLine[]>,
  recordsPath: string,
): AsyncGenerator<JsonLine[]> {
  for await (const batch of documents) {
    const out: JsonLine[] = [];
    for (const item of batch) {
      if ('error' in item) {
        out.push(item);
        continue;
      }
      const records = wrappedRecords(item.value, recordsPath);
      if (records === undefined)
        out.push({
          line: item.line,
          error: `this JSON document has no "${recordsPath}" array: no record read from it`,
        });
      else for (const value of records) out.push({ line: item.line, value });
    }
    if (out.length > 0) yield out;
  }
}
