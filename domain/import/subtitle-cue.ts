/*
 * One WebVTT, SRT or SBV cue read: its timing line (`00:52:27.320 --> 00:52:28.600 align:start`, hours
 * optional in WebVTT, a comma in SRT; SBV's `0:52:27.320,0:52:28.600`) and its text, with markup stripped for the message (inline
 * timestamps, <c>/<i>/<font>, SRT's {\an8}) and the speaker found where the captioner wrote one.
 */
export interface CueTiming {
  readonly startMicros: number;
  readonly endMicros: number;
  readonly start: string;
  readonly end: string;
  readonly cueSettings: string;
}

const STAMP = String.raw`(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})`;
const TIMING = new RegExp(String.raw`^\s*(${STAMP})\s*-->\s*(${STAMP})(?:\s+([^]*?))?\s*$`);
// YouTube's SubViewer (.sbv): "0:00:01.000,0:00:03.500", start and end joined by a comma.
const SBV_STAMP = String.raw`(\d+):(\d{2}):(\d{2})\.(\d{1,3})`;
const SBV_TIMING = new RegExp(String.raw`^\s*(${SBV_STAMP}),(${SBV_STAMP})\s*$`);

/** The cue's times in microseconds from the start of the recording, or why the line is no timing. */
export function cueTiming(line: string): CueTiming | string {
  const match = TIMING.exec(line) ?? SBV_TIMING.exec(line);
  if (match === null)
    return `"${line.trim()}" is not a cue timing (expected start --> end, as hours:minutes:seconds.milliseconds)`;
  const [, start = '', h1, m1 = '', s1 = '', f1 = '', end = '', h2, m2 = '', s2 = '', f2 = '', cueSettings = ''] =
    match;
  const startMicros = stampMicros(h1, m1, s1, f1);
  const endMicros = stampMicros(h2, m2, s2, f2);
  if (startMicros === undefined) return `"${start}" is not a time (minutes and seconds go up to 59)`;
  if (endMicros === undefined) return `"${end}" is not a time (minutes and seconds go up to 59)`;
  if (endMicros < startMicros) return `the cue ends (${end}) before it starts (${start})`;
  return { startMicros, endMicros, start, end, cueSettings };
}

export function isTimingLine(line: string): boolean {
  return line.includes('-->') || isSbvTiming(line);
}

/** Whether the line is an SBV cue timing (detection names the format by it). */
export function isSbvTiming(line: string): boolean {
  return SBV_TIMING.test(line);
}

function stampMicros(
  hours: string | undefined,
  minutes: string,
  seconds: string,
  fraction: string,
): number | undefined {
  const [h, m, s] = [Number(hours ?? 0), Number(minutes), Number(seconds)];
  if (m > 59 || s > 59) return undefined;
  return ((h * 60 + m) * 60 + s) * 1_000_000 + Number(fraction.padEnd(3, '0')) * 1000;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
  quot: '"',
  apos: "'",
};

/** The text a viewer reads: tags and inline timestamps gone, entities decoded, blank lines dropped. */
export function cueText(raw: string): string {
  return raw
    .replace(/<[^>]*>/g, '')
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi, (whole, dec?: string, hex?: string, name?: string) => {
      if (dec !== undefined) return String.fromCodePoint(Number(dec));
      if (hex !== undefined) return String.fromCodePoint(parseInt(hex, 16));
      return ENTITIES[name?.toLowerCase() ?? ''] ?? whole;
    })
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

const VOICE = /<v(?:\.[^\s>]*)?[ \t]+([^>]+)>/g;
// A speaker label in brackets, as SDH writes it: "[Alba]", "- [Don Carlos] ..."; "[risita]" and the
// all-capitals "[SIGHS]" of broadcast captions are sounds.
const BRACKET_LABEL = /^(?:[-–]\s*)?\[(\p{Lu}\p{Ll}[\p{L}'.-]*(?:\s\p{Lu}[\p{L}'.-]*){0,2})\]\s*\S/u;
const PREFIX_LABEL = /^(?:[-–]\s*)?(\p{L}[\p{L}\p{N}'. -]{0,39}):\s/u;

/** Whether a cue's first line starts with "Name:" once its markup is gone (detection counts these). */
export function startsWithSpeakerPrefix(rawLine: string): boolean {
  return PREFIX_LABEL.test(cueText(rawLine));
}

/** Every speaker the cue names, in order: WebVTT voices, SDH bracket labels and (if asked) `Name:` prefixes. */
export function cueSpeakers(raw: string, speakerPrefix: boolean): string[] {
  const speakers: string[] = [];
  const add = (name: string) => {
    const trimmed = name.trim();
    if (trimmed !== '' && !speakers.includes(trimmed)) speakers.push(trimmed);
  };
  for (const match of raw.matchAll(VOICE)) add(match[1] ?? '');
  for (const line of cueText(raw).split('\n')) {
    const label = BRACKET_LABEL.exec(line) ?? (speakerPrefix ? PREFIX_LABEL.exec(line) : null);
    if (label?.[1] !== undefined) add(label[1]);
  }
  return speakers;
}

/** The speaker of the cue's first line, or '' when that line names none (a dialogue's unnamed first voice). */
export function cueActor(raw: string, speakerPrefix: boolean): string {
  const voice = /<v(?:\.[^\s>]*)?[ \t]+([^>]+)>/.exec(raw.split('\n')[0] ?? '');
  if (voice?.[1] !== undefined) return voice[1].trim();
  const first = cueText(raw).split('\n')[0] ?? '';
  const label = BRACKET_LABEL.exec(first) ?? (speakerPrefix ? PREFIX_LABEL.exec(first) : null);
  return label?.[1]?.trim() ?? '';
}
