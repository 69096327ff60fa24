/*
 * `docker compose logs` and `docker compose up` (docker-compose 1.x too) write each container's
 * lines after its name, padded to the longest, and " | ": "api-1         | 2026-05-04T16:10:44 …".
 * Detection judges the lines without the names; the import strips them the same way and makes the
 * container each line's actor, since a compose log interleaves several services' lines.
 */
import type { FormatDetection } from './format-detection.ts';
import type { ImportRecord } from './import-record.ts';
import { textLines } from './text-lines.ts';

// A container name (compose's "<project>-<service>-<n>" or 1.x's "<project>_<service>_<n>"), at least one
// space, then "|" and a space or the line's end (compose writes "name  |" for an empty line).
const PREFIX = /^([A-Za-z0-9][\w.-]{0,127}?) +\|(?: |$)/;
const REPLICA = /[-_]\d+$/;
// Most lines carry a prefix: "name exited with code 0" and "Attaching to …" lines do not.
const MIN_SHARE = 0.8;

export const COMPOSE_PREFIX = 'compose';

interface ComposeEvidence {
  /** The text with every prefix removed, line for line. */
  readonly text: string;
  readonly reason: string;
}

/** The lines without their compose prefixes, or undefined when they are not compose output. */
export function composeLines(text: string): ComposeEvidence | undefined {
  const lines = text.split('\n');
  let judged = 0;
  let matched = 0;
  let replicas = 0;
  const names = new Set<string>();
  const stripped = lines.map((line) => {
    if (line.trim() === '') return line;
    judged += 1;
    const match = PREFIX.exec(line);
    if (match === null) return line;
    matched += 1;
    const name = match[1] ?? '';
    names.add(name);
    if (REPLICA.test(name)) replicas += 1;
    return line.slice(match[0].length);
  });
  if (matched === 0 || matched < judged * MIN_SHARE || replicas * 2 < matched) return undefined;
  const listed = [...names].slice(0, 3).join(', ');
  return {
    text: stripped.join('\n'),
    reason: `docker compose output: ${matched} of ${judged} lines start with a container's name and " | " (${listed}${names.size > 3 ? ', …' : ''}), which is each line's actor. Under the names:`,
  };
}

/**
 * Each line's container, by line number, as the stripped text streams, to give the parsed records
 * their actors. A text log joins a line without a time to the record before it, but in compose
 * output a line of another container never continues that record: such a line is split off as its
 * own record, at the time of the record it was joined to (compose writes lines as they arrive).
 */
export class ComposeActors {
  private readonly containers = new Map<number, string>();
  /** Lines whose container differs from the line before's, with their text: where a joined record is split. */
  private readonly switches = new Map<number, { readonly container: string; readonly text: string }>();
  private previous: string | undefined;

  /** The file's text lines without their prefixes, one out for each in, so line numbers stay the file's. */
  async *stripped(text: AsyncIterable<string>): AsyncGenerator<string> {
    for await (const lines of textLines(text, undefined, 'docker compose output')) {
      let out = '';
      for (const { line, text: content } of lines) {
        const match = PREFIX.exec(content);
        const rest = match === null ? content : content.slice(match[0].length);
        if (match !== null) {
          const container = match[1] ?? '';
          this.containers.set(line, container);
          if (this.previous !== undefined && container !== this.previous && rest.trim() !== '')
            this.switches.set(line, { container, text: rest });
          if (rest.trim() !== '') this.previous = container;
        }
        out += `${rest}\n`;
      }
      if (out !== '') yield out;
    }
  }

  /** The records with their containers as actors, lines of another container split off; lines done with let go. */
  records(records: readonly ImportRecord[]): ImportRecord[] {
    const out: ImportRecord[] = [];
    for (const record of records) out.push(...this.split(record));
    // Lines come in order: those up to the last record's start are done with (its continuations wait).
    const last = records.at(-1)?.line ?? 0;
    for (const lines of [this.containers, this.switches]) {
      for (const line of lines.keys()) {
        if (line > last) break;
        lines.delete(line);
      }
    }
    return out;
  }

  private split(record: ImportRecord): ImportRecord[] {
    const container = this.containers.get(record.line);
    const own = container === undefined ? record : { ...record, actor: container };
    const parts = record.message.split('\n');
    const out: ImportRecord[] = [];
    let from = 0;
    let current = own;
    for (let index = 1; index < parts.length; index += 1) {
      const line = record.line + index;
      const switched = this.switches.get(line);
      // Only where the joined text is that line's own (a parser that dropped a blank line is left as it is).
      if (switched === undefined || switched.text.trim() !== parts[index]?.trim()) continue;
      out.push({ ...current, message: parts.slice(from, index).join('\n') });
      current = {
        line,
        startMicros: record.startMicros,
        endMicros: record.startMicros,
        actor: switched.container,
        message: '',
        extra: { time: 'none on the line: the time of the line before it' },
      };
      from = index;
    }
    out.push({ ...current, message: parts.slice(from).join('\n') });
    return out;
  }
}

/**
 * The detection of the text under the prefixes, marked so the import strips them. Other families
 * (tables, chats, documents) are refused with the reason: their hand-made settings would keep the names.
 */
export function withComposePrefix(inner: FormatDetection, reason: string): FormatDetection {
  const said = `${reason} ${inner.reason}`;
  const settings = 'settings' in inner ? inner.settings : undefined;
  if (
    settings !== undefined &&
    ((settings.format === 'syslog' && settings.layout !== 'journal-export') ||
      settings.format === 'jsonl' ||
      settings.format === 'access-log')
  ) {
    return { ...inner, reason: said, settings: { ...settings, linePrefix: COMPOSE_PREFIX } } as FormatDetection;
  }
  // A table, a chat or lines without a time found: a mapping chosen by hand would read the names too.
  if (inner.format === undefined) return { format: undefined, reason: said };
  return {
    format: undefined,
    reason: `${said}. Under compose's names the import reads timed text lines, access logs and JSON lines only`,
  };
}
