/*
 * WebVTT, SRT and SBV cues as events, each from its start to its end. Cue times count from the start of
 * the recording, so the analyst gives that instant (anchorMicros); a cue's markup is stripped from
 * the message and kept raw in extra. Every cue is kept, rolling captions' repeats included.
 */
import type { SubtitlesSettings } from './chat-settings.ts';
import { ImportError } from './import-error.ts';
import { addToPiece, type ImportRecord, type JsonValue, type ParsedPiece, type ParseReport } from './import-record.ts';
import {
  cueActor,
  cueSpeakers,
  cueText,
  cueTiming,
  isSbvTiming,
  isTimingLine,
  type CueTiming,
} from './subtitle-cue.ts';
import { ASS_HEADER, AssReader } from './subtitle-ass.ts';
import { TtmlReader } from './subtitle-ttml.ts';
import { TRANSCRIPT_HEAD, TranscriptReader } from './subtitle-transcript.ts';
import { textLines } from './text-lines.ts';
import { WHISPER_TSV_HEADER, whisperTsvRow } from './subtitle-whisper-tsv.ts';

interface OpenCue {
  readonly line: number;
  readonly id: string | undefined;
  readonly timing: CueTiming;
  readonly lines: string[];
}

type State = 'start' | 'header' | 'between' | 'block' | 'cue' | 'skip';

const WEBVTT = /^WEBVTT(?:[ \t].*)?$/;
const VTT_BLOCK = /^(?:NOTE|STYLE|REGION)(?:[ \t].*)?$/;

/** When the recording started (cue times count from it); refused when the settings do not say. */
export function recordingAnchor(settings: SubtitlesSettings): number {
  if (settings.anchorMicros === undefined) {
    throw new ImportError(
      'bad-settings',
      'Subtitle and caption times count from the start of the recording: give the time the recording started (anchorMicros) so the cues land on the incident time line',
    );
  }
  return settings.anchorMicros;
}

export async function* parseSubtitles(
  text: AsyncIterable<string>,
  settings: SubtitlesSettings,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  const anchor = recordingAnchor(settings);
  const speakerPrefix = settings.speakerPrefix ?? false;
  let state = 'start' as State;
  let cue: OpenCue | undefined;
  let identifier: { line: number; text: string } | undefined;
  let webvtt = false;
  let sbv = false;
  let ass: AssReader | undefined;
  let ttml: TtmlReader | undefined;
  let transcript: TranscriptReader | undefined;
  let whisper = false;

  const close = (out: ParsedPiece): void => {
    if (cue !== undefined) out.records.push(cueRecord(cue, anchor, speakerPrefix));
    cue = undefined;
  };
  const open = (line: number, timingText: string, out: ParsedPiece): void => {
    const timing = cueTiming(timingText);
    sbv ||= isSbvTiming(timingText);
    const first = identifier?.line ?? line;
    const id = identifier?.text;
    identifier = undefined;
    if (typeof timing === 'string') {
      out.invalid.push({ line: first, reason: timing });
      state = 'skip';
      return;
    }
    cue = { line: first, id, timing, lines: [] };
    state = 'cue';
  };

  for await (const lines of textLines(text)) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const { line, text: raw } of lines) {
      const blank = raw.trim() === '';
      if (ass !== undefined) {
        const result = ass.read(line, raw);
        if (result === undefined) continue;
        if ('reason' in result) piece.invalid.push(result);
        else piece.records.push(result);
        continue;
      }
      if (ttml !== undefined) {
        ttml.read(line, raw, piece);
        continue;
      }
      if (whisper) {
        const result = whisperTsvRow(line, raw, anchor);
        if (result !== undefined) addToPiece(piece, result);
        continue;
      }
      if (transcript === undefined && state === 'start' && TRANSCRIPT_HEAD.test(raw.replace(/^\uFEFF/, '').trim()))
        transcript = new TranscriptReader(anchor);
      if (transcript !== undefined) {
        const result = transcript.read(line, raw.replace(/^\uFEFF/, ''));
        if (result !== undefined) addToPiece(piece, result);
        continue;
      }
      if (state === 'start') {
        if (blank) continue;
        if (WHISPER_TSV_HEADER.test(raw.replace(/^\uFEFF/, ''))) {
          whisper = true;
          continue;
        }
        if (ASS_HEADER.test(raw.replace(/^\uFEFF/, ''))) {
          ass = new AssReader(anchor);
          continue;
        }
        if (raw.trimStart().startsWith('<')) {
          ttml = new TtmlReader(anchor);
          ttml.read(line, raw, piece);
          continue;
        }
        webvtt = WEBVTT.test(raw);
        state = webvtt ? 'header' : 'between';
        if (webvtt) continue;
      }
      if (state === 'header' || state === 'block' || state === 'skip') {
        if (blank) state = 'between';
        continue;
      }
      if (state === 'cue') {
        // WebVTT ends a cue only at an empty line: YouTube's automatic captions put a line of one space
        // before each cue's words ("align:start position:0%\n \nokay<00:00:00.480><c> let's</c>").
        if (webvtt ? raw === '' : blank) {
          close(piece);
          state = 'between';
        } else if (isTimingLine(raw)) {
          // No blank line before the next cue: a bare number just before its timing is that cue's identifier.
          const last = cue?.lines.at(-1);
          if (last !== undefined && /^\d+$/.test(last.trim())) {
            cue?.lines.pop();
            identifier = { line: line - 1, text: last.trim() };
          }
          close(piece);
          open(line, raw, piece);
        } else {
          cue?.lines.push(raw);
        }
        continue;
      }
      // Between cues: blank lines, WebVTT's NOTE/STYLE/REGION blocks, a cue's identifier, its timing.
      if (blank) continue;
      if (isTimingLine(raw)) open(line, raw, piece);
      else if (webvtt && identifier === undefined && VTT_BLOCK.test(raw)) state = 'block';
      else if (identifier === undefined) identifier = { line, text: raw.trim() };
      else {
        piece.invalid.push({
          line: identifier.line,
          reason: `"${identifier.text}" is neither a cue timing (start --> end) nor a cue identifier followed by one`,
        });
        identifier = { line, text: raw.trim() };
      }
    }
    yield piece;
  }
  const last: ParsedPiece = { records: [], invalid: [] };
  close(last);
  ttml?.end(last);
  const lastParagraph = transcript?.end();
  if (lastParagraph !== undefined) last.records.push(lastParagraph);
  if (identifier !== undefined)
    last.invalid.push({
      line: identifier.line,
      reason: `"${identifier.text}" is a cue identifier with no timing after it`,
    });
  if (last.records.length + last.invalid.length > 0) yield last;
  report.notes.push(
    `${whisper ? 'Whisper transcript' : ass !== undefined ? 'SubStation Alpha' : ttml !== undefined ? 'TTML' : transcript !== undefined ? 'Transcript' : webvtt ? 'WebVTT' : sbv ? 'SBV' : 'SRT'} cue times counted from ${new Date(anchor / 1000).toISOString()}; every cue kept, repeated rolling-caption text included`,
  );
}

function cueRecord({ line, id, timing, lines }: OpenCue, anchor: number, speakerPrefix: boolean): ImportRecord {
  const raw = lines.join('\n').trimEnd();
  const message = cueText(raw);
  const extra: Record<string, JsonValue> = { start: timing.start, end: timing.end };
  if (id !== undefined) extra.cue = id;
  if (timing.cueSettings !== '') extra.cueSettings = timing.cueSettings;
  if (raw !== message) extra.text = raw;
  const speakers = cueSpeakers(raw, speakerPrefix);
  if (speakers.length > 1) extra.speakers = speakers;
  return {
    line,
    startMicros: anchor + timing.startMicros,
    endMicros: anchor + timing.endMicros,
    actor: cueActor(raw, speakerPrefix),
    message,
    extra,
  };
}
