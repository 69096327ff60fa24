/*
 * The session a text log's line prefix names before its level: PostgreSQL's log_line_prefix writes
 * the user and database as "%u@%d" (Debian's '%m [%p] %q%u@%d ', RDS's '%t:%r:%u@%d:[%p]:') or as
 * "user=%u,db=%d" (pgBadger's advice). Only the words before the severity are looked at, so an
 * address in the message text is never taken for the actor.
 */

// PostgreSQL's severities and the lines that follow one (DETAIL:, STATEMENT:, …) with the same prefix.
const SEVERITY =
  /^(DEBUG[1-5]?|INFO|NOTICE|WARNING|ERROR|LOG|FATAL|PANIC|DETAIL|HINT|QUERY|CONTEXT|LOCATION|STATEMENT)$/;
const LEVELS = new Set(['DEBUG', 'INFO', 'NOTICE', 'WARNING', 'ERROR', 'LOG', 'FATAL', 'PANIC']);
// "[unknown]@[unknown]" (a connection not yet authenticated) and "@" (a background process) name no one.
const USER_AT_DB = /^([^\s@:[\]()=,]+)@([^\s@:[\]()=,]*)$/;
const USER_PARAMS = /^user=([^\s,[\]]+),(?:db|database)=([^\s,]*)/;
const PREFIX_WORDS = 5;
// A prefix is short; a megabyte line of colons is not scanned to its end.
const PREFIX_CHARS = 512;

interface PrefixSession {
  /** "user@database", as the prefix writes it. */
  readonly actor: string | undefined;
  /** The severity when it is joined to the prefix by colons (RDS), lower-cased. */
  readonly level: string | undefined;
}

/** The session user (and database) a line's prefix names before its severity, if any. */
export function prefixSessionOf(message: string): PrefixSession | undefined {
  let actor: string | undefined;
  for (const word of message.slice(0, PREFIX_CHARS).split(/\s+/, PREFIX_WORDS)) {
    const params = USER_PARAMS.exec(word);
    if (params !== null) actor = params[2] === '' ? params[1] : `${params[1]}@${params[2]}`;
    for (const part of word.split(':')) {
      const severity = SEVERITY.exec(part)?.[1];
      if (severity !== undefined) {
        const level = severity.replace(/\d$/, '');
        // A severity standing alone ("LOG:") is read by levelOf; one joined by colons is not.
        const joined = word !== `${part}:`;
        return { actor, level: joined && LEVELS.has(level) ? level.toLowerCase() : undefined };
      }
      const named = USER_AT_DB.exec(part);
      if (named !== null) actor = named[0];
    }
  }
  return undefined;
}
