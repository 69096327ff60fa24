/*
 * The chat and transcript family's detection: subtitles (WebVTT, SRT), WhatsApp exports and IRC
 * logs, each decided from evidence across the sample's lines and giving complete settings (a zone
 * placeholder the caller's zone replaces; subtitles' anchor the server fills from the incident).
 */
import type { FamilyDetection } from './format-detection.ts';
import { detectChatBlocks } from './detect-chat-blocks.ts';
import { detectIrc } from './detect-irc.ts';
import { detectTelegramHtml } from './detect-telegram-html.ts';
import { detectWhatsapp } from './detect-whatsapp.ts';
import { ASS_HEADER } from './subtitle-ass.ts';
import { TTML_ROOT } from './subtitle-ttml.ts';
import { TRANSCRIPT_HEAD } from './subtitle-transcript.ts';
import { isWhisperJson } from './subtitle-whisper-json.ts';
import { WHISPER_TSV_HEADER, WHISPER_TSV_ROW } from './subtitle-whisper-tsv.ts';
import { cueTiming, isSbvTiming, isTimingLine, startsWithSpeakerPrefix } from './subtitle-cue.ts';
import { countNoun } from '../count-noun.ts';
import type { SubtitlesSettings } from './chat-settings.ts';

/** `complete`: the text is the whole file, so its last line is whole too. */
export function detectChat(text: string, complete: boolean, fileName: string): FamilyDetection | undefined {
  const telegram = detectTelegramHtml(text);
  if (telegram !== undefined) return telegram;
  const lines = text.replace(/^\ufeff/, '').split(/\r?\n/);
  if (!complete && lines.length > 1) lines.pop();
  return (
    detectSubtitles(lines, fileName) ?? detectWhatsapp(lines) ?? detectChatBlocks(lines) ?? detectIrc(lines, fileName)
  );
}

// Zoom names a cloud recording's files by the instant it started, in UTC: "GMT20241106-080012_Recording.transcript.vtt".
const ZOOM_START = /(?:^|[^A-Za-z])GMT(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?!\d)/;

/** The recording's start a Zoom file name gives, in microseconds, and how the reason says it. */
function recordingStartOf(fileName: string): { anchorMicros: number; said: string } | undefined {
  const match = ZOOM_START.exec(fileName);
  if (match === null) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const millis = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(millis);
  // "GMT20241345-…" is no instant: a rolled-over Date would put the cues on another day.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || date.getUTCHours() !== hour) return undefined;
  const said = `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  return { anchorMicros: millis * 1000, said };
}

function detectSubtitles(lines: readonly string[], fileName: string): FamilyDetection | undefined {
  const found = detectSubtitleKind(lines);
  const start = found === undefined ? undefined : recordingStartOf(fileName);
  if (found === undefined || start === undefined) return found;
  return {
    format: 'subtitles',
    reason: found.reason.replace(
      /so the import needs the time it started$/,
      `and the file name gives its start as Zoom names a cloud recording's files (GMTyyyymmdd-hhmmss): ${start.said}`,
    ),
    settings: { ...found.settings, anchorMicros: start.anchorMicros },
  };
}

function detectSubtitleKind(lines: readonly string[]): (FamilyDetection & { settings: SubtitlesSettings }) | undefined {
  const firstIndex = lines.findIndex((line) => line.trim() !== '');
  const first = lines[firstIndex]?.trim() ?? '';
  const head = lines.slice(0, 40).join('\n');
  if (first.startsWith('<') && TTML_ROOT.test(head)) {
    const cues = lines.join('\n').match(/<p[\s>]/g)?.length ?? 0;
    return {
      format: 'subtitles',
      reason: `TTML timed text (DFXP, IMSC): the <tt> root and ${countNoun(cues, '<p> cue')} in the sample, a ttm:agent's name as its speaker; their times count from the start of the recording, so the import needs the time it started`,
      settings: { format: 'subtitles', speakerPrefix: false },
    };
  }
  if (first.startsWith('{') && isWhisperJson(lines.join('\n'))) {
    return {
      format: 'subtitles',
      reason:
        'A Whisper transcript (JSON): a "segments" array timed by start and end in seconds from the start of the recording (the speaker of a diarized segment as its actor), so the import needs the time it started',
      settings: { format: 'subtitles', speakerPrefix: false, layout: 'whisper-json' },
    };
  }
  if (WHISPER_TSV_HEADER.test(first)) {
    const rows = lines.filter((line) => WHISPER_TSV_ROW.test(line)).length;
    if (rows >= 1)
      return {
        format: 'subtitles',
        reason: `A Whisper transcript (TSV): the "start, end, text" header and ${countNoun(rows, 'segment')} in the sample, timed in milliseconds from the start of the recording, so the import needs the time it started`,
        settings: { format: 'subtitles', speakerPrefix: false },
      };
  }
  if (ASS_HEADER.test(first)) {
    const dialogues = lines.filter((line) => /^Dialogue:/i.test(line.trim())).length;
    return {
      format: 'subtitles',
      reason: `SubStation Alpha (ASS/SSA): the [Script Info] header and ${countNoun(dialogues, 'Dialogue line')} in the sample, each line's Name as its speaker; their times count from the start of the recording, so the import needs the time it started`,
      settings: { format: 'subtitles', speakerPrefix: false },
    };
  }
  if (TRANSCRIPT_HEAD.test(first)) {
    const paragraphs = lines.filter((line) => TRANSCRIPT_HEAD.test(line.trim())).length;
    if (paragraphs >= 2)
      return {
        format: 'subtitles',
        reason: `A speaker transcript (Otter.ai or Rev text export): ${countNoun(paragraphs, 'paragraph')} under "Name  0:01" or "Name (00:01):" lines in the sample, each running to the next; their times count from the start of the recording, so the import needs the time it started`,
        settings: { format: 'subtitles', speakerPrefix: false },
      };
  }
  const webvtt = /^WEBVTT(?:[ \t]|$)/.test(first);
  // SRT has no header: a cue number, then its timing (some tools leave the numbers out).
  const numbered = /^\d+$/.test(first) && typeof cueTiming(lines[firstIndex + 1] ?? '') !== 'string';
  const srt = !webvtt && (numbered || typeof cueTiming(first) !== 'string');
  if (!webvtt && !srt) return undefined;
  let cues = 0;
  let prefixed = 0;
  for (const [index, line] of lines.entries()) {
    if (!isTimingLine(line) || typeof cueTiming(line) === 'string') continue;
    cues += 1;
    if (startsWithSpeakerPrefix(lines[index + 1] ?? '')) prefixed += 1;
  }
  if (cues === 0) return undefined;
  // A "Name:" prefix on most cues is a transcript's speaker (Zoom); on a few it is only dialogue text.
  const speakerPrefix = prefixed >= 2 && prefixed * 2 >= cues;
  const kind = webvtt
    ? 'WebVTT: the WEBVTT header'
    : isSbvTiming(first)
      ? 'SBV (YouTube SubViewer): cues'
      : numbered
        ? 'SRT: numbered cues'
        : 'SRT: cues';
  const speakers = speakerPrefix ? `; ${prefixed} cues start with "Name:", read as the speaker` : '';
  return {
    format: 'subtitles',
    reason: `${kind} and ${cues} cue timings in the sample${speakers}; cue times count from the start of the recording, so the import needs the time it started`,
    settings: { format: 'subtitles', speakerPrefix },
  };
}
