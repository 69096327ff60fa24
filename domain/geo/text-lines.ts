/*
 * Text split into lines as it streams, with their numbers (CRLF or LF), in batches per chunk, for
 * the line formats (IGC, NMEA): memory holds one chunk and one partial line, never the file.
 */
export interface NumberedLine {
  readonly line: number;
  readonly text: string;
}

export async function* textLines(text: AsyncIterable<string>): AsyncGenerator<NumberedLine[]> {
  let pending = '';
  let line = 0;
  for await (const chunk of text) {
    pending += chunk;
    const lines: NumberedLine[] = [];
    let start = 0;
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n', start)) {
      line += 1;
      lines.push({ line, text: pending.slice(start, end).replace(/\r$/, '') });
      start = end + 1;
    }
    pending = pending.slice(start);
    if (lines.length > 0) yield lines;
  }
  if (pending !== '') yield [{ line: line + 1, text: pending.replace(/\r$/, '') }];
}
