/*
 * The level word a text log's line names near its start ("[error]", "ERROR", "[core:warn]", PostgreSQL's
 * "LOG:"): the timestamped-lines parser keeps it, and the speaker rule refuses a "Name:" that is one.
 */
const LEVEL =
  /^\[?(?:[\w.-]+:)?(emerg|emergency|alert|crit|critical|fatal|severe|err|error|warn|warning|notice|info|information|debug|trace|fine|finer|finest|verbose)\]?:?$/i;

// Levels that are common words only in their producer's exact spelling: PostgreSQL's "LOG:" and
// "PANIC:", MySQL's "[Note]" and "[System]".
const PRODUCER_LEVEL = /^(?:(LOG|PANIC):|\[(Note|System)\])$/;

/** The level among the first few words of a line's text, lower-cased, if one is there. */
export function levelOf(message: string): string | undefined {
  for (const word of message.split(/\s+/, 4)) {
    const producer = PRODUCER_LEVEL.exec(word);
    const level = LEVEL.exec(word)?.[1] ?? producer?.[1] ?? producer?.[2];
    if (level !== undefined) return level.toLowerCase();
  }
  return undefined;
}
