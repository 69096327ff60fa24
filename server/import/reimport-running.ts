/*
 * One re-import of a stream at a time: a second one's rows would be matched against events the first is
 * about to replace, and its flip refused as a conflict nobody could resolve. So it is refused up front,
 * before its file is read, and again when its generation is taken (the stream row locked), so two sent
 * at once on PostgreSQL cannot both begin. A killed process's generation (no heartbeat) does not count.
 */
import { nowMicros } from '../time.ts';
import type { Queryable } from '../db/database.ts';
import { ABANDONED_AFTER_MICROS } from './hidden-import.ts';
import { ReimportRefusal } from './reimport-outcome.ts';

export const REIMPORT_RUNNING_REFUSAL =
  'Another re-import of this stream is still running. Wait for it to finish, then re-import your file: ' +
  'it will be checked against the events that re-import brings in.';

/** ReimportRefusal('reimport_running') while another re-import of the stream writes its rows. */
export async function refuseWhileReimporting(db: Queryable, streamId: number): Promise<void> {
  const running = await db.query(
    `SELECT 1 FROM stream_generations g JOIN imports i ON i.id = g.import_id
      WHERE g.stream_id = $1 AND g.state = 'writing' AND i.heartbeat_micros >= $2 LIMIT 1`,
    [streamId, nowMicros() - ABANDONED_AFTER_MICROS],
  );
  if (running.length > 0) throw new ReimportRefusal('reimport_running', REIMPORT_RUNNING_REFUSAL);
}
