/*
 * How far a running import has come, for the page that sent it: a million-row file takes minutes
 * on the server after its upload has finished, and an analyst must see it move, not a spinner.
 * The page names its import with a random token of at least 128 bits (form field progressToken);
 * the import reports bytes parsed and rows into the import_progress table (migration 010) as it
 * writes them, so every server on one PostgreSQL answers GET /api/import/progress/{token}, without a
 * session lookup. The token is the permission (a capability URL), and the answer is only counts.
 */
import type { ImportProgressView } from '../../domain/import/import-progress-view.ts';
import type { ImportProgress } from '../../domain/import/import-record.ts';
import { nowMicros } from '../time.ts';
import type { Queryable } from '../db/database.ts';

/** 22 base64url characters are 132 bits: unguessable, so the token can be the permission. */
export const PROGRESS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** Finished entries are kept this long, so a page polling slowly still sees the end. */
const KEEP_ENDED_MICROS = 10 * 60 * 1_000_000;

interface ProgressRow {
  phase: ImportProgressView['phase'];
  bytes_read: number;
  total_bytes: number;
  valid_count: number;
  invalid_count: number;
}

export class ImportProgressBoard {
  /** Per token, the write under way: the latest report is written after it, the ones between are dropped. */
  readonly #writing = new Map<string, { done: Promise<void>; latest: ImportProgress | undefined }>();

  constructor(private readonly db: Queryable) {}

  /** Starts tracking; a token in use by a running import is refused (false) and that import goes untracked. */
  async start(token: string, totalBytes: number): Promise<boolean> {
    const now = nowMicros();
    await this.db.query('DELETE FROM import_progress WHERE ended_micros < $1', [now - KEEP_ENDED_MICROS]);
    const rows = await this.db.query(
      `INSERT INTO import_progress (token, phase, bytes_read, total_bytes, valid_count, invalid_count, updated_micros)
       VALUES ($1, 'importing', 0, $2, 0, 0, $3)
       ON CONFLICT (token) DO UPDATE SET phase = 'importing', bytes_read = 0, total_bytes = $2, valid_count = 0, invalid_count = 0, updated_micros = $3, ended_micros = NULL
        WHERE import_progress.ended_micros IS NOT NULL
       RETURNING token`,
      [token, totalBytes, now],
    );
    return rows.length > 0;
  }

  /** The callback the parser calls with each batch; the row is updated behind it, never more than one write at a time. */
  reporter(token: string): (progress: ImportProgress) => void {
    return (progress) => {
      const writing = this.#writing.get(token);
      if (writing) {
        writing.latest = progress;
        return;
      }
      const entry = { done: Promise.resolve(), latest: undefined as ImportProgress | undefined };
      entry.done = this.#write(token, progress, entry);
      this.#writing.set(token, entry);
    };
  }

  async #write(token: string, first: ImportProgress, entry: { latest: ImportProgress | undefined }): Promise<void> {
    let progress: ImportProgress | undefined = first;
    try {
      while (progress) {
        entry.latest = undefined;
        await this.db.query(
          `UPDATE import_progress SET bytes_read = $2, valid_count = $3, invalid_count = $4, updated_micros = $5,
                  phase = CASE WHEN total_bytes > 0 AND $2 >= total_bytes THEN 'finishing' ELSE phase END
            WHERE token = $1 AND ended_micros IS NULL`,
          [token, progress.bytesRead, progress.validCount, progress.invalidCount, nowMicros()],
        );
        progress = entry.latest;
      }
    } catch {
      // NOTE: progress is a courtesy; a lost update must not fail the import it describes.
    } finally {
      this.#writing.delete(token);
    }
  }

  async end(token: string, phase: 'done' | 'failed'): Promise<void> {
    await this.#writing.get(token)?.done;
    await this.db.query(
      `UPDATE import_progress SET phase = $2, bytes_read = CASE WHEN $2 = 'done' THEN total_bytes ELSE bytes_read END, updated_micros = $3, ended_micros = $3
        WHERE token = $1 AND ended_micros IS NULL`,
      [token, phase, nowMicros()],
    );
  }

  /** The progress of `token`; undefined for a token no import has used (or one ended long ago). */
  async view(token: string): Promise<ImportProgressView | undefined> {
    const [row] = await this.db.query<ProgressRow>(
      'SELECT phase, bytes_read, total_bytes, valid_count, invalid_count FROM import_progress WHERE token = $1',
      [token],
    );
    if (!row) return undefined;
    return {
      phase: row.phase,
      bytesRead: row.bytes_read,
      totalBytes: row.total_bytes,
      validCount: row.valid_count,
      invalidCount: row.invalid_count,
    };
  }
}

/** Runs an import under `token` (when the page sent one): started, reported, ended whatever happens. */
export async function withImportProgress<T>(
  board: ImportProgressBoard,
  token: string | undefined,
  totalBytes: number,
  work: (onProgress: ((progress: ImportProgress) => void) | undefined) => Promise<T>,
): Promise<T> {
  if (token === undefined || !(await board.start(token, totalBytes))) return work(undefined);
  try {
    const result = await work(board.reporter(token));
    await board.end(token, 'done');
    return result;
  } catch (error) {
    await board.end(token, 'failed').catch(() => undefined);
    throw error;
  }
}
