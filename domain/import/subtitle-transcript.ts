/*
 * Speaker transcripts exported as text (Otter.ai's TXT: "Alice Smith  0:01", the paragraph's lines
 * after it, a blank line between paragraphs; hours appear past the first, "1:02:03"; Rev's TXT:
 * "Speaker 1 (00:08):", or "(01:02:03):" past the hour). Each paragraph
 * is an event from its time to the next paragraph's, counted from the recording's start (anchor).
 */
import type { ImportRecord, InvalidRow, JsonValue } from './import-record.ts';

// A speaker's name (no colon: "Start-Date: 2019-07-10  16:38:08" is apt's), two or more spaces, then m:ss or
// h:mm:ss (Otter); or the time in parentheses or brackets and a colon after it (Rev: "Speaker 1 (00:08):").
export const TRANSCRIPT_HEAD =
  /^([^\s:][^:\t()[\]]{0,79}?)(?:[ \t]{2,}((?:\d{1,2}:)?\d{1,2}:\d{2})|[ \t]+[([]((?:\d{1,2}:)?\d{1,2}:\d{2})[)\]]:?)$/;
// Otter's closing credit line is no one's words.
const CREDIT = /^Transcribed by https?:\/\/otter\.ai\b/i;
// As the other chat readers: a paragraph past this is runaway text; its further lines are reported.
const MAX_PARAGRAPH_CHARS = 1 << 20;

interface Paragraph {
  readonly line: number;
  readonly speaker: string;
  readonly offsetMicros: number;
  readonly clock: string;
  readonly lines: string[];
  chars: number;
}

function offsetOf(clock: string): number {
  return clock.split(':').reduce((total, part) => total * 60 + Number(part), 0) * 1_000_000;
}

export class TranscriptReader {
  private open: Paragraph | undefined;

  constructor(private readonly anchor: number) {}

  /** The paragraph a new speaker line closes, or a line that continues none. */
  read(line: number, raw: string): ImportRecord | InvalidRow | undefined {
    const text = raw.trim();
    if (text === '' || CREDIT.test(text)) return undefined;
    // A speaker line is short; a long line is text (and the pattern's backtracking stays small).
    const head = text.length <= 200 ? TRANSCRIPT_HEAD.exec(text) : null;
    if (head !== null) {
      const clock = head[2] ?? head[3] ?? '';
      const closed = this.close(offsetOf(clock));
      this.open = { line, speaker: (head[1] ?? '').trim(), offsetMicros: offsetOf(clock), clock, lines: [], chars: 0 };
      return closed;
    }
    if (this.open === undefined)
      return { line, reason: `line ${line}: the text comes before any "Speaker  0:00" line` };
    if (this.open.chars + text.length > MAX_PARAGRAPH_CHARS)
      return { line, reason: 'the paragraph this line continues is already 1 MiB long: the line is left out' };
    this.open.lines.push(text);
    this.open.chars += text.length;
    return undefined;
  }

  /** The last paragraph, at the end of the file: it ends where it starts. */
  end(): ImportRecord | undefined {
    return this.close(undefined);
  }

  private close(nextOffset: number | undefined): ImportRecord | undefined {
    const paragraph = this.open;
    this.open = undefined;
    if (paragraph === undefined) return undefined;
    const start = this.anchor + paragraph.offsetMicros;
    const end = nextOffset === undefined || nextOffset < paragraph.offsetMicros ? start : this.anchor + nextOffset;
    const extra: Record<string, JsonValue> = { start: paragraph.clock };
    return {
      line: paragraph.line,
      startMicros: start,
      endMicros: end,
      actor: paragraph.speaker,
      message: paragraph.lines.join('\n'),
      extra,
    };
  }
}
