/*
 * Slack reply threads of a first import: every message with a thread key becomes a member of the
 * reply-thread collection of its key, headed by its earliest event. Only thread messages were kept
 * (import_thread_keys), so a big log without threads costs one empty query.
 */
import type { DbTransaction } from '../db/database.ts';

/** Makes the reply-thread collections of an import's events, from the keys its batches kept (move-staged-events.ts). */
export async function saveReplyThreads(
  tx: DbTransaction,
  importId: number,
  incidentId: number,
  nowMicros: number,
): Promise<void> {
  const rows = await tx.query<{ id: number; start: number; line: number; key: string }>(
    `SELECT e.id, e.start_micros AS start, e.source_line AS line, k.thread_key AS key
       FROM import_thread_keys k JOIN events e ON e.id = k.event_id
      WHERE k.import_id = $1`,
    [importId],
  );
  const threads = new Map<string, { id: number; start: number; line: number }[]>();
  for (const row of rows) {
    const members = threads.get(row.key) ?? [];
    members.push(row);
    threads.set(row.key, members);
  }
  for (const members of threads.values()) {
    members.sort((a, b) => a.start - b.start || a.line - b.line);
    const first = members[0]!;
    const [collection] = await tx.query<{ id: number }>(
      'INSERT INTO collections (incident_id, name, is_analyst, is_thread, thread_event_id, created_micros) VALUES ($1, $2, false, true, $3, $4) RETURNING id',
      [incidentId, `Reply thread ${first.id}`, first.id, nowMicros],
    );
    await tx.query(
      'INSERT INTO collection_events (collection_id, event_id, created_micros) SELECT $1, unnest($2::bigint[]), $3',
      [collection!.id, members.map((member) => member.id), nowMicros],
    );
  }
  await tx.query('DELETE FROM import_thread_keys WHERE import_id = $1', [importId]);
}
