/*
 * The lines detection judges a log file by: the non-blank lines of the first bytes, without the last
 * one when the sample was cut mid-file (it may be cut mid-line), at most `max` of them.
 */
import type { TextLine } from './text-lines.ts';

export function sampleLines(text: string, complete: boolean, max = 1000): TextLine[] {
  const lines = text.split('\n');
  if (!complete) lines.pop();
  const out: TextLine[] = [];
  for (const [index, raw] of lines.entries()) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') continue;
    out.push({ line: index + 1, text: line.charCodeAt(0) === 0xfeff ? line.slice(1) : line });
    if (out.length >= max) break;
  }
  return out;
}
