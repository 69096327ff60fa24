/*
 * A streamed file's first characters that are not blank (a byte-order mark dropped), for the readers
 * whose format is told by them ("<" XML, "[" or "{" JSON, a time a line format), and the whole text
 * again from its start. At most 1 MiB of leading blanks is read ahead.
 */
export async function textStart(text: AsyncIterable<string>): Promise<{ start: string; all: AsyncIterable<string> }> {
  const chunks = text[Symbol.asyncIterator]();
  let first = '';
  while (first.trim() === '' && first.length < 1 << 20) {
    const next = await chunks.next();
    if (next.done === true) break;
    first += next.value;
  }
  async function* all(): AsyncGenerator<string> {
    yield first;
    for (let next = await chunks.next(); next.done !== true; next = await chunks.next()) yield next.value;
  }
  return { start: first.replace(/^\uFEFF/, '').trimStart(), all: all() };
}
