/*
 * `docker compose logs` and `docker compose up` (docker-compose 1.x too) write each container's
 * lines after its name, padded to the longest, and " | ": "api-1         | 2026-05-04T16:10:44 …".
 * Detection judges the lines without the names; the import strips them the same way and makes the
 * container each line's actor, since a compose log interleaves several services' lines.
 */
import type { FormatDetection } from './format-detection.ts';
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
 * The file's text lines without their prefixes, one out for each in (so line numbers stay those of
 * the file), and each line's container, by line number, for the records' actors.
 */
export async function* composeStripped(
  text: AsyncIterable<string>,
  containers: Map<number, string>,
): AsyncGenerator<string> {
  for await (const lines of textLines(text, undefined, 'docker compose output')) {
    let out = '';
    for (const { line, text: content } of lines) {
      const match = PREFIX.exec(content);
      if (match !== null) containers.set(line, match[1] ?? '');
      out += `${match === null ? content : content.slice(match[0].length)}\n`;
    }
    if (out !== '') yield out;
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
