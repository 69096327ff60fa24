/*
 * How far a running import has come, for the page that sent it: a million-row file takes minutes
 * on the server after its upload has finished, and an analyst must see it move, not a spinner.
 * The page names its import with a random token of at least 128 bits (form field progressToken);
 * the import reports bytes parsed and rows into this board as it writes them; GET
 * /api/import/progress/{token} answers whoever holds the token, without a session lookup, because on
 * PGlite the import's transaction holds the only connection until it commits. The token is the
 * permission (a capability URL), and the answer is only counts. Kept in the process's memory: it is
 * a view of work this process is doing, gone when it ends.
 */
import type { ImportProgressView } from '../../domain/import/import-progress-view.ts';
import type { ImportProgress } from '../../domain/import/import-record.ts';

/** 22 base64url characters are 132 bits: unguessable, so the token can be the permission. */
export const PROGRESS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;


interface Entry extends ImportProgressView {
  endedAt: number | undefined;
}

/** Finished entries are kept this long, so a page polling slowly still sees the end. */
const KEEP_ENDED_MILLIS = 10 * 60_000;
/** A bound on what one process remembers, whatever clients send. */
const MAX_ENTRIES = 1_000;

export class ImportProgressBoard {
  private readonly entries = new Map<string, Entry>();

  /** Starts tracking; a token in use by a running import is refused (false) and that import goes untracked. */
  start(token: string, totalBytes: number): boolean {
    this.sweep(Date.now());
    if (this.entries.get(token)?.endedAt === undefined && this.entries.has(token)) return false;
    this.entries.delete(token);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { phase: 'importing', bytesRead: 0, totalBytes, validCount: 0, invalidCount: 0, endedAt: undefined });
    return true;
  }

  /** The callback the parser calls with each batch. */
  reporter(token: string): (progress: ImportProgress) => void {
    return (progress) => {
      const entry = this.entries.get(token);
      if (!entry || entry.endedAt !== undefined) return;
      entry.bytesRead = progress.bytesRead;
      entry.validCount = progress.validCount;
      entry.invalidCount = progress.invalidCount;
      if (entry.totalBytes > 0 && progress.bytesRead >= entry.totalBytes) entry.phase = 'finishing';
    };
  }

  end(token: string, phase: 'done' | 'failed'): void {
    const entry = this.entries.get(token);
    if (!entry) return;
    entry.phase = phase;
    if (phase === 'done') entry.bytesRead = entry.totalBytes;
    entry.endedAt = Date.now();
  }

  /** The progress of `token`; undefined for a token no import of this process has used. */
  view(token: string): ImportProgressView | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    const { phase, bytesRead, totalBytes, validCount, invalidCount } = entry;
    return { phase, bytesRead, totalBytes, validCount, invalidCount };
  }

  private sweep(now: number): void {
    for (const [token, entry] of this.entries) {
      if (entry.endedAt !== undefined && now - entry.endedAt > KEEP_ENDED_MILLIS) this.entries.delete(token);
    }
  }
}

/** Runs an import under `token` (when the page sent one): started, reported, ended whatever happens. */
export async function withImportProgress<T>(
  board: ImportProgressBoard,
  token: string | undefined,
  totalBytes: number,
  work: (onProgress: ((progress: ImportProgress) => void) | undefined) => Promise<T>,
): Promise<T> {
  if (token === undefined || !board.start(token, totalBytes)) return work(undefined);
  try {
    const result = await work(board.reporter(token));
    board.end(token, 'done');
    return result;
  } catch (error) {
    board.end(token, 'failed');
    throw error;
  }
}
