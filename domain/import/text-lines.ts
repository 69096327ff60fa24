/*
 * Text streamed into physical lines with their 1-based numbers, blank lines kept (subtitle cues end
 * at one). A CR before the newline is dropped, so CRLF files read like LF ones; a BOM is dropped by
 * textPasses. Memory holds one pass of text, never the file.
 */
import { textPasses } from './text-passes.ts';

export interface TextLine {
  readonly line: number;
  readonly text: string;
}

const PASS_CHARS = 1 << 16;

/**
 * `passChars` is the text gathered before splitting; tests make it tiny to split everywhere.
 * `kind` names the format in the error for a line that never ends ("this is not {kind}").
 */
export async function* textLines(
  text: AsyncIterable<string>,
  passChars = PASS_CHARS,
  kind = 'a text log',
): AsyncGenerator<TextLine[]> {
  let line = 1;
  const pass = (carry: string, final: boolean) => {
    const items: TextLine[] = [];
    let start = 0;
    for (let end = carry.indexOf('\n'); end !== -1; end = carry.indexOf('\n', start)) {
      items.push({ line: line++, text: withoutCr(carry.slice(start, end)) });
      start = end + 1;
    }
    if (final && start < carry.length) {
      items.push({ line: line++, text: withoutCr(carry.slice(start)) });
      start = carry.length;
    }
    return { items, used: start };
  };
  yield* textPasses(
    text,
    passChars,
    pass,
    () => `Line ${line} runs on for more than 8 MiB without a newline: this is not ${kind}`,
  );
}

function withoutCr(text: string): string {
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}
