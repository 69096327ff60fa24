/*
 * A geo file read as one JSON document that streams: the parser's callbacks push items into `items`,
 * and after each chunk whatever they pushed is handed on, so a track of any size never becomes one
 * tree. A parse error refuses the file, saying how far it got.
 */
import { ImportError } from '../import/import-error.ts';

/** Yields the items collected after each chunk; returns how many chunks there were (0: an empty file). */
export async function* jsonStreamItems<T>(
  text: AsyncIterable<string>,
  // A JSONParser, or a Tokenizer when the reader follows the tokens itself (CZML).
  parser: { write(chunk: string): void },
  items: T[],
  refusal: (parserMessage: string) => string,
): AsyncGenerator<T[], number> {
  let chunks = 0;
  try {
    for await (const chunk of text) {
      parser.write(chunk);
      chunks += 1;
      if (items.length > 0) yield items.splice(0);
    }
  } catch (error) {
    throw new ImportError('invalid-file', refusal(error instanceof Error ? error.message : String(error)));
  }
  return chunks;
}
