/*
 * SubStation Alpha subtitles (.ass, .ssa; Aegisub, fansubs, many transcription tools): sections in
 * brackets, and under [Events] a "Format:" line naming the fields of each "Dialogue:" line, the last
 * (Text) taking the rest of the line with its commas. Start and End are H:MM:SS.cc from the start of
 * the recording; Name is the speaker; {\…} override tags and \N line breaks are markup.
 */
import type { ImportRecord, InvalidRow, JsonValue } from './import-record.ts';
import { cueText } from './subtitle-cue.ts';

export const ASS_HEADER = /^\[Script Info\]\s*$/i;
const SECTION = /^\[([^\]]+)\]\s*$/;
const STAMP = /^(\d+):(\d{2}):(\d{2})(?:[.,](\d{1,3}))?$/;
// SSA v4 and ASS name these fields so (ASS adds Layer before Start, SSA has Marked).
const DEFAULT_FORMAT = ['Layer', 'Start', 'End', 'Style', 'Name', 'MarginL', 'MarginR', 'MarginV', 'Effect', 'Text'];

export class AssReader {
  private section = '';
  private format: readonly string[] = DEFAULT_FORMAT;

  constructor(private readonly anchor: number) {}

  read(line: number, raw: string): ImportRecord | InvalidRow | undefined {
    const text = raw.trim();
    const section = SECTION.exec(text);
    if (section !== null) {
      this.section = (section[1] ?? '').toLowerCase();
      return undefined;
    }
    if (this.section !== 'events' || text === '' || text.startsWith(';')) return undefined;
    const colon = text.indexOf(':');
    const kind = colon === -1 ? '' : text.slice(0, colon).trim().toLowerCase();
    const body = text.slice(colon + 1).trimStart();
    if (kind === 'format') {
      this.format = body.split(',').map((name) => name.trim());
      return undefined;
    }
    // Comment, Picture, Sound, Movie and Command lines are not spoken text.
    if (kind !== 'dialogue') return undefined;
    const fields = splitFields(body, this.format.length);
    const field = (name: string) => fields[this.format.findIndex((known) => known.toLowerCase() === name)] ?? '';
    const start = stampMicros(field('start').trim());
    const end = stampMicros(field('end').trim());
    if (start === undefined)
      return { line, reason: `"${field('start')}" is not a start time (expected hours:minutes:seconds.centiseconds)` };
    if (end === undefined)
      return { line, reason: `"${field('end')}" is not an end time (expected hours:minutes:seconds.centiseconds)` };
    if (end < start) return { line, reason: `the line ends (${field('end')}) before it starts (${field('start')})` };
    const spoken = field('text');
    const message = cueText(spoken.replace(/\\[Nn]/g, '\n').replace(/\\h/g, ' '));
    const extra: Record<string, JsonValue> = { start: field('start').trim(), end: field('end').trim() };
    const style = field('style').trim();
    if (style !== '') extra.style = style;
    if (spoken !== message) extra.text = spoken;
    return {
      line,
      startMicros: this.anchor + start,
      endMicros: this.anchor + end,
      actor: field('name').trim(),
      message,
      extra,
    };
  }
}

/** The first count - 1 comma-separated fields, and the rest of the line as the last. */
function splitFields(body: string, count: number): string[] {
  const fields: string[] = [];
  let at = 0;
  while (fields.length < count - 1) {
    const comma = body.indexOf(',', at);
    if (comma === -1) break;
    fields.push(body.slice(at, comma));
    at = comma + 1;
  }
  fields.push(body.slice(at));
  return fields;
}

function stampMicros(text: string): number | undefined {
  const match = STAMP.exec(text);
  if (match === null) return undefined;
  const [, hours = '0', minutes = '0', seconds = '0', fraction = ''] = match;
  if (Number(minutes) > 59 || Number(seconds) > 59) return undefined;
  const whole = (Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds);
  return whole * 1_000_000 + Number(`0.${fraction || '0'}`) * 1_000_000;
}
