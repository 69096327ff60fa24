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
  private pending = '';
  private pendingLine = 1;
  private timing: Timing = { frameRate: 30, tickRate: 1 };
  private readonly agents = new Map<string, string>();

  constructor(private readonly anchor: number) {}

  /** Every cue the text so far completes; the rest waits for the next line. */
  read(line: number, raw: string, out: { records: ImportRecord[]; invalid: InvalidRow[] }): void {
    if (this.pending === '') this.pendingLine = line;
    this.pending += `${raw}\n`;
    for (;;) {
      const root = /<tt[\s>][^>]*>/.exec(this.pending);
      if (root !== null) this.timing = timingOf(root[0]);
      for (const agent of this.pending.matchAll(/<ttm:agent\b([^>]*)>([^]*?)<\/ttm:agent>/g)) {
        const id = attributes(agent[1] ?? '').get('xml:id');
        const name = /<ttm:name\b[^>]*>([^<]*)</.exec(agent[2] ?? '')?.[1]?.trim();
        if (id !== undefined && name !== undefined && name !== '') this.agents.set(id, name);
      }
      const open = /<p[\s>]/.exec(this.pending);
      if (open === null) {
        this.drop(unfinishedHeadTag(this.pending));
        return;
      }
      const close = this.pending.indexOf('</p>', open.index);
      if (close === -1) {
        this.drop(open.index);
        if (this.pending.length > MAX_PENDING) {
          out.invalid.push({ line: this.pendingLine, reason: 'a <p> cue runs past 1 MiB without its </p>' });
          this.pending = '';
        }
        return;
      }
      const element = this.pending.slice(open.index, close);
      const at = this.pendingLine + countLines(this.pending.slice(0, open.index));
      const result = this.cue(at, element);
      if ('reason' in result) out.invalid.push(result);
      else out.records.push(result);
      this.drop(close + 4);
    }
  }

  /** Forgets the text before `index`, keeping the line count of what is left. */
  private drop(index: number): void {
    if (index <= 0) return;
    this.pendingLine += countLines(this.pending.slice(0, index));
    this.pending = this.pending.slice(index);
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

/** Where a root or agent element that the next lines finish begins (its attributes or name span lines), else the end. */
function unfinishedHeadTag(text: string): number {
  const root = text.lastIndexOf('<tt');
  if (root !== -1 && /^<tt[\s>]/.test(text.slice(root, root + 4)) && !text.includes('>', root)) return root;
  const agent = text.lastIndexOf('<ttm:agent');
  if (agent !== -1 && !text.includes('</ttm:agent>', agent)) return agent;
  return text.length;
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

function countLines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}
