/*
 * The bench's generated files (TSVs, GPX tracks of up to millions of lines) written 10,000 lines a write,
 * waiting for the stream to drain, so a file never sits whole in memory. Answers the file's size.
 */
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { once } from 'node:events';

const LINES_PER_WRITE = 10_000;

export async function writeLineFile(
  path: string,
  lineCount: number,
  lineOf: (index: number) => string,
  frame: { head?: string; tail?: string } = {},
): Promise<number> {
  const out = createWriteStream(path);
  let lines = frame.head === undefined ? [] : [frame.head];
  for (let index = 0; index < lineCount; index += 1) {
    lines.push(lineOf(index));
    if (lines.length >= LINES_PER_WRITE) {
      if (!out.write(`${lines.join('\n')}\n`)) await once(out, 'drain');
      lines = [];
    }
  }
  if (frame.tail !== undefined) lines.push(frame.tail);
  out.end(lines.length > 0 ? `${lines.join('\n')}\n` : '');
  await once(out, 'finish');
  return (await stat(path)).size;
}
