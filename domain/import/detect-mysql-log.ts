/*
 * Is this MySQL's general query log or slow query log? The preamble the server writes on opening
 * the file names it; without one (a file cut from the middle), most lines must be general rows, or
 * the slow log's "# Time:"/"# User@Host:"/"# Query_time:" lines must come back entry after entry.
 */
import type { FamilyDetection } from './format-detection.ts';
import { mysqlLogEvidence } from './mysql-log-line.ts';
import { sampleLines } from './sample-lines.ts';

export function detectMysqlLog(text: string, complete: boolean): FamilyDetection | undefined {
  const lines = sampleLines(text, complete).map((line) => line.text);
  const { preamble, general, slow } = mysqlLogEvidence(lines);
  const named = preamble > 0 && general + slow > 0;
  const kind = slow > general ? 'slow' : 'general';
  if (!named && (kind === 'general' ? general < 0.6 * lines.length || general < 2 : slow < 4)) return undefined;
  const what =
    kind === 'general'
      ? `MySQL general query log: ${general} of ${lines.length} lines are rows of a time, a connection id, a command and its argument; each row's actor is its connection's user (from its Connect row), else the connection id; a row without a time has the time of the row before`
      : `MySQL slow query log: ${slow} "# Time:", "# User@Host:" and "# Query_time:" lines; each entry's statements are the message, user@host the actor, Query_time and Rows_examined kept`;
  return {
    format: 'syslog',
    reason: `${what}${preamble > 0 ? "; the server's preamble lines skipped" : ''}; times with Z or an offset are read as written, MySQL 5.6's "YYMMDD HH:MM:SS" in the chosen time zone (the server's)`,
    settings: { format: 'syslog', timeZone: 'UTC', layout: 'mysql' },
  };
}
