/*
 * TTML timed text (W3C TTML1/2 and its profiles: DFXP, SMPTE-TT, IMSC; Netflix's, broadcasters' and
 * YouTube's caption downloads): each <p> with begin and end (or dur) is a cue. Times are clock times
 * ("00:00:01.500", frames after a third colon: "00:00:01:12") or offsets with a metric ("1.5s",
 * "1500ms", "36f", "15015000t" in the document's ttp:tickRate). A <p>'s ttm:agent names its speaker
 * through the head's <ttm:agent><ttm:name>. Read as lines arrive; a <p> may span lines.
 */
import type { ImportRecord, InvalidRow, JsonValue } from './import-record.ts';
import { cueText } from './subtitle-cue.ts';

export const TTML_ROOT = /<tt[\s>][^>]*(?:ttml|ttaf1)/i;
const MAX_PENDING = 1 << 20;
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const CLOCK = /^(\d+):(\d{2}):(\d{2})(?:(\.\d+)|:(\d+)(?:\.(\d+))?)?$/;
const OFFSET = /^(\d+(?:\.\d+)?)(h|ms|m|s|f|t)$/;

interface Timing {
  readonly frameRate: number;
  readonly tickRate: number;
}

export class TtmlReader {
  /** The head's lines until the body starts: the root's rates and the agents' names are read from them. */
  private head: string[] | undefined = [];
  private headSize = 0;
  private timing: Timing = { frameRate: 30, tickRate: 1 };
  private readonly agents = new Map<string, string>();
  /** A cue whose "</p>" has not come yet: its first line and its text so far, kept as parts (never re-joined per line). */
  private open: { line: number; parts: string[]; size: number } | undefined;

  constructor(private readonly anchor: number) {}

  /** Every cue this line completes; an unfinished one waits for the next lines. */
  read(line: number, raw: string, out: { records: ImportRecord[]; invalid: InvalidRow[] }): void {
    if (this.head !== undefined) {
      this.head.push(raw);
      this.headSize += raw.length;
      if (!/<body[\s>]/.test(raw) && this.headSize < MAX_PENDING) return;
      const whole = this.head.join('\n');
      this.head = undefined;
      this.readHead(whole);
      // Cues may follow the body's start on its line (or fill one line: a minified document).
      const body = /<body[\s>]/.exec(whole);
      raw = body === null ? whole : whole.slice(body.index);
    }
    let text = raw;
    for (;;) {
      if (this.open !== undefined) {
        const close = text.indexOf('</p>');
        if (close === -1) {
          this.open.parts.push(text);
          this.open.size += text.length;
          if (this.open.size > MAX_PENDING) {
            out.invalid.push({ line: this.open.line, reason: 'a <p> cue runs past 1 MiB without its </p>' });
            this.open = undefined;
          }
          return;
        }
        this.open.parts.push(text.slice(0, close));
        this.emit(this.open.line, this.open.parts.join('\n'), out);
        this.open = undefined;
        text = text.slice(close + 4);
      }
      const start = text.search(/<p[\s>]/);
      if (start === -1) return;
      this.open = { line, parts: [], size: 0 };
      text = text.slice(start);
    }
  }

  /** A cue left open at the end of the file. */
  end(out: { invalid: InvalidRow[] }): void {
    if (this.open !== undefined)
      out.invalid.push({ line: this.open.line, reason: 'a <p> cue has no </p> before the end of the file' });
    this.open = undefined;
  }

  private emit(line: number, element: string, out: { records: ImportRecord[]; invalid: InvalidRow[] }): void {
    const result = this.cue(line, element);
    if ('reason' in result) out.invalid.push(result);
    else out.records.push(result);
  }

  private readHead(text: string): void {
    const root = /<tt[\s>][^>]*>/.exec(text);
    if (root !== null) this.timing = timingOf(root[0]);
    // Each agent's element found by plain searches, each from where the last ended: a head of many
    // unclosed agents costs its length once (a lazy regex would rescan the rest for each).
    for (let at = text.indexOf('<ttm:agent'); at !== -1;) {
      const close = text.indexOf('</ttm:agent>', at);
      if (close === -1) break;
      const element = text.slice(at, close);
      const tagEnd = element.indexOf('>');
      const id = attributes(element.slice(0, tagEnd)).get('xml:id');
      const name = /<ttm:name\b[^>]*>([^<]*)</.exec(element)?.[1]?.trim();
      if (tagEnd !== -1 && id !== undefined && name !== undefined && name !== '') this.agents.set(id, name);
      at = text.indexOf('<ttm:agent', close);
    }
  }

  private cue(line: number, element: string): ImportRecord | InvalidRow {
    const tagEnd = element.indexOf('>');
    const attrs = attributes(element.slice(2, tagEnd));
    const beginText = attrs.get('begin');
    const endText = attrs.get('end');
    const durText = attrs.get('dur');
    const begin = beginText === undefined ? undefined : this.micros(beginText);
    if (begin === undefined)
      return {
        line,
        reason:
          beginText === undefined
            ? 'the <p> cue has no begin time'
            : `"${beginText}" is not a TTML time (expected such as 00:00:01.500, 00:00:01:12, 1.5s or 15015000t)`,
      };
    const end =
      endText !== undefined ? this.micros(endText) : durText !== undefined ? addTo(begin, this.micros(durText)) : begin;
    if (end === undefined)
      return { line, reason: `"${endText ?? durText ?? ''}" is not a TTML time (expected such as 00:00:03.000 or 2s)` };
    if (end < begin) return { line, reason: `the cue ends (${endText ?? ''}) before it begins (${beginText ?? ''})` };
    const inner = element.slice(tagEnd + 1);
    const message = cueText(inner.replace(/\s*\n\s*/g, ' ').replace(/<br\s*\/?>/gi, '\n'));
    const extra: Record<string, JsonValue> = { start: beginText ?? '', end: endText ?? durText ?? '' };
    const agent = attrs.get('ttm:agent');
    return {
      line,
      startMicros: this.anchor + begin,
      endMicros: this.anchor + end,
      actor: agent === undefined ? '' : (this.agents.get(agent.split(/\s+/)[0] ?? '') ?? ''),
      message,
      extra,
    };
  }

  private micros(text: string): number | undefined {
    const value = text.trim();
    const clock = CLOCK.exec(value);
    if (clock !== null) {
      const [, hours = '0', minutes = '0', seconds = '0', fraction, frames] = clock;
      if (Number(minutes) > 59 || Number(seconds) > 59) return undefined;
      const whole = (Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds);
      const part =
        fraction !== undefined
          ? Number(`0${fraction}`)
          : frames !== undefined
            ? Number(frames) / this.timing.frameRate
            : 0;
      return Math.round((whole + part) * 1_000_000);
    }
    const offset = OFFSET.exec(value);
    if (offset === null) return undefined;
    const count = Number(offset[1]);
    const seconds: Record<string, number> = {
      h: 3600,
      m: 60,
      s: 1,
      ms: 0.001,
      f: 1 / this.timing.frameRate,
      t: 1 / this.timing.tickRate,
    };
    return Math.round(count * (seconds[offset[2] ?? 's'] ?? 1) * 1_000_000);
  }
}

function attributes(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) found.set(match[1] ?? '', match[2] ?? match[3] ?? '');
  return found;
}

/** ttp:frameRate (30 when absent) and ttp:tickRate (frame rate times sub-frame rate when absent, else 1). */
function timingOf(rootTag: string): Timing {
  const attrs = attributes(rootTag);
  const frameRate = Number(attrs.get('ttp:frameRate') ?? '') || undefined;
  const subFrameRate = Number(attrs.get('ttp:subFrameRate') ?? '') || 1;
  const tickRate = Number(attrs.get('ttp:tickRate') ?? '') || (frameRate === undefined ? 1 : frameRate * subFrameRate);
  return { frameRate: frameRate ?? 30, tickRate };
}

function addTo(begin: number, duration: number | undefined): number | undefined {
  return duration === undefined ? undefined : begin + duration;
}
