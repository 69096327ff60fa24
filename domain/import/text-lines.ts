/*
 * Plain text streamed as numbered physical lines, for the line-oriented log formats (syslog, access
 * logs, apt history). A CR before the newline is dropped; blank lines are kept because stanza formats
 * separate records with them. Memory holds one pass of text, never the file.
 */
import { ImportError } from './import-error.ts';
import { MAX_RECORD_CHARS } from './delimited-rows.ts';
import { textPasses } from './text-passes.ts';

export interface TextLine {
  /** 1-based physical line number. */
  readonly line: number;
  readonly text: string;
}

const PASS_CHARS = 1 << 16;

/** `passChars` is the text gathered before splitting; tests make it tiny to split everywhere. */
export async function* textLines(text: AsyncIterable<string>, passChars = PASS_CHARS): AsyncGenerator<TextLine[]> {
  let carry = '';
  let line = 1;
  const take = (raw: string, out: TextLine[]) => {
    out.push({ line, text: raw.endsWith('\r') ? raw.slice(0, -1) : raw });
    line += 1;
  };
  const pass = (final: boolean): TextLine[] => {
    const out: TextLine[] = [];
    let start = 0;
    for (let end = carry.indexOf('\n'); end !== -1; end = carry.indexOf('\n', start)) {
      take(carry.slice(start, end), out);
      start = end + 1;
    }
    carry = carry.slice(start);
    if (final && carry !== '') {
      take(carry, out);
      carry = '';
    }
    if (carry.length > MAX_RECORD_CHARS) {
      throw new ImportError('invalid-file', `Line ${line} runs on for more than 8 MiB without a newline: this is not a text log`);
    }
    return out;
  };
  yield* textPasses(text, passChars, (piece) => (carry += piece), pass);
}
