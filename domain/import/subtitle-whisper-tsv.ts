/*
 * OpenAI Whisper's TSV transcript (`whisper --output_format tsv`, faster-whisper and mlx-whisper
 * write the same): a "start<TAB>end<TAB>text" header, then a row per segment with its start and end
 * in whole milliseconds from the start of the recording (anchor) and its text, tabs made spaces.
 */
import type { ImportRecord, InvalidRow } from './import-record.ts';

export const WHISPER_TSV_HEADER = /^start\tend\ttext$/;
export const WHISPER_TSV_ROW = /^(\d{1,10})\t(\d{1,10})\t(.*)$/;

/** The clock a millisecond offset reads as in extra ("0:01:02.345"), as the other cue formats keep theirs. */
function clockOf(millis: number): string {
  const seconds = Math.floor(millis / 1000);
  const fraction = String(millis % 1000).padStart(3, '0');
  const minutes = Math.floor(seconds / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.${fraction}`;
}

/** A segment row as an event from its start to its end; a blank line is skipped, anything else invalid. */
export function whisperTsvRow(line: number, raw: string, anchor: number): ImportRecord | InvalidRow | undefined {
  if (raw.trim() === '') return undefined;
  const row = WHISPER_TSV_ROW.exec(raw);
  if (row === null)
    return {
      line,
      reason: `line ${line} is not a Whisper transcript row (start and end in milliseconds, then the text, split by tabs)`,
    };
  const start = Number(row[1]);
  const end = Number(row[2]);
  if (end < start) return { line, reason: `line ${line} ends (${end} ms) before it starts (${start} ms)` };
  return {
    line,
    startMicros: anchor + start * 1000,
    endMicros: anchor + end * 1000,
    actor: '',
    message: (row[3] ?? '').trim(),
    extra: { start: clockOf(start), end: clockOf(end) },
  };
}
