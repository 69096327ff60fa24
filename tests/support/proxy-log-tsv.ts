/*
 * The TSV the import suites feed the server when they need an import that takes several batches:
 * `rows` rows a second apart from 2026-01-05 08:00 UTC, seven actors, a numbered message each;
 * and the settings that read it, or any file of a header row then time, actor and message columns;
 * and the re-import suites' files, whose messages start with a word that tells which file an event came from.
 */
import type { ImportSettings } from '../../domain/import/import-settings.ts';

/** Tab-separated, quoted, one header row, columns time, actor, message, plain numbers in seconds, UTC. */
export const TIME_ACTOR_MESSAGE_TSV: Extract<ImportSettings, { format: 'delimited' }> = {
  format: 'delimited',
  delimiter: '\t',
  quoted: true,
  preambleRows: 0,
  headerRows: 1,
  mapping: { startTime: 0, actor: 1, message: 2 },
  numericUnit: 'seconds',
  timeZone: 'UTC',
};

/** `log` names the log in every message ("line 3 of the proxy log"), so a suite can search for it. */
export function proxyLogTsv(rows: number, names: { actor?: string; log?: string } = {}): Uint8Array {
  const { actor = 'actor', log = 'proxy' } = names;
  const lines = ['time\tactor\tmessage'];
  const start = Date.UTC(2026, 0, 5, 8, 0, 0);
  for (let row = 0; row < rows; row += 1)
    lines.push(`${new Date(start + row * 1000).toISOString()}\t${actor}-${row % 7}\tline ${row} of the ${log} log`);
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

/** `rows` rows a second apart, five crew actors, each message "{word} line {n}", so a read can tell which file an event came from. */
export function wordedTsv(rows: number, word: string): Uint8Array {
  const lines = ['time\tactor\tmessage'];
  const start = Date.UTC(2026, 0, 5, 8, 0, 0);
  for (let row = 0; row < rows; row += 1)
    lines.push(`${new Date(start + row * 1000).toISOString()}\tcrew-${row % 5}\t${word} line ${row}`);
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}
