/*
 * OpenAI Whisper's JSON transcript (`whisper --output_format json`, the API's verbose_json, WhisperX):
 * one document whose "segments" each hold a start and an end in seconds from the start of the
 * recording (anchor) and their text; a diarized segment's "speaker" is its actor. Streamed segment by segment.
 */
import type { SubtitlesSettings } from './chat-settings.ts';
import { addToPiece, type ImportRecord, type InvalidRow, type ParsedPiece, type ParseReport } from './import-record.ts';
import { isDocumentStop, jsonDocumentValues } from './json-document.ts';
import { isJsonObject } from './json-lines.ts';
import { recordingAnchor } from './parse-subtitles.ts';
import type { JsonValue } from './import-record.ts';

// A segment keeps its words and tokens: a long one is a few kilobytes, 1 MiB is runaway.
const MAX_SEGMENT_BYTES = 1 << 20;

/**
 * Whether a JSON document's start is Whisper's: a "segments" array of objects timed by "start", with
 * a field only Whisper writes in each segment ("seek", "avg_logprob", "no_speech_prob").
 */
export function isWhisperJson(head: string): boolean {
  return (
    /^\s*\{/.test(head) &&
    /"segments"\s*:\s*\[\s*\{/.test(head) &&
    /"start"\s*:\s*\d/.test(head) &&
    /"(?:seek|no_speech_prob|avg_logprob)"\s*:/.test(head)
  );
}

function clockOf(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const whole = Math.floor(millis / 1000);
  const minutes = Math.floor(whole / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}.${String(millis % 1000).padStart(3, '0')}`;
}

function segmentRecord(line: number, value: JsonValue, anchor: number): ImportRecord | InvalidRow {
  if (!isJsonObject(value)) return { line, reason: `line ${line}: a segment is not an object` };
  const { start, end, text, speaker, id } = value;
  if (typeof start !== 'number' || typeof end !== 'number' || start < 0 || end < start)
    return { line, reason: `line ${line}: the segment has no start and end in seconds (start, then end no earlier)` };
  const extra: Record<string, JsonValue> = { start: clockOf(start), end: clockOf(end) };
  if (typeof id === 'number') extra.segment = id;
  return {
    line,
    startMicros: anchor + Math.round(start * 1_000_000),
    endMicros: anchor + Math.round(end * 1_000_000),
    actor: typeof speaker === 'string' ? speaker : '',
    message: typeof text === 'string' ? text.trim() : '',
    extra,
  };
}

export async function* parseWhisperJson(
  text: AsyncIterable<string>,
  settings: SubtitlesSettings,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  const anchor = recordingAnchor(settings);
  for await (const items of jsonDocumentValues(text, {
    paths: ['$.segments.*'],
    maxValueBytes: MAX_SEGMENT_BYTES,
    what: 'segment',
  })) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const item of items) {
      if (isDocumentStop(item)) piece.invalid.push({ line: item.line, reason: item.error });
      else addToPiece(piece, segmentRecord(item.line, item.value, anchor));
    }
    yield piece;
  }
  report.notes.push(`Whisper transcript segment times counted from ${new Date(anchor / 1000).toISOString()}`);
}
