/*
 * The re-import's flip of constant size (issue 17, migration 014), over a real socket: a device that
 * synced before the flip ends with exactly the new rows; a process stopped mid-cleanup leaves the new
 * events shown and a restart finishes it; an annotation added while the re-import runs is carried;
 * an event edited after it was matched is matched again by the flip.
 */
import { describe, expect, it } from 'vitest';
import { parseChangeRevision, type IncidentChanges } from '../../domain/incident-changes.ts';
import { sweepGenerations } from '../../server/import/reimport-cleanup.ts';
import { ReimportRefusal } from '../../server/import/reimport-outcome.ts';
import { wordedTsv } from '../support/proxy-log-tsv.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import type { SocketRequest } from '../support/analyst-server.ts';
import { useReimportSuite } from '../support/reimport-suite.ts';
import { countRows } from '../support/test-server.ts';

interface SeenEvent {
  id: number;
  streamID: number;
  message: string;
}

const OLD_ROWS = 3_000;
const NEW_ROWS = 5_000;

describe.each(DATABASE_KINDS)('the re-import flip on %s', (kind) => {
  const { suite, newIncident, importStream, reimport } = useReimportSuite(kind, 'Flipped');
  const call = async (path: string, init: SocketRequest = {}) => {
    const response = await suite.fetchAs(suite.writer, path, init);
    const text = await response.text();
    expect(response.status, text).toBeLessThan(300);
    return JSON.parse(text) as Record<string, never>;
  };
  const incidentRead = async (incidentID: number) =>
    (await call(`/api/incident/${incidentID}`)).incident as unknown as {
      events: SeenEvent[];
      streams: { id: number; eventCount: number }[];
      eventTags: { itemID: number; name: string }[];
      eventsRevision: string;
    };
  /** The stream's events as one read sees them, each with its tags. */
  const streamEvents = async (incidentID: number, streamID: number) => {
    const read = await incidentRead(incidentID);
    return read.events
      .filter((event) => event.streamID === streamID)
      .map((event) => ({
        ...event,
        tags: read.eventTags.filter((tag) => tag.itemID === event.id).map((tag) => tag.name),
      }));
  };
  const words = (events: SeenEvent[]) => [...new Set(events.map((event) => event.message.split(' ')[0]))].sort();
  const leftovers = async () => ({
    generations: await countRows(suite.server.db, 'stream_generations'),
    matches: await countRows(suite.server.db, 'reimport_matches'),
    imports: await countRows(suite.server.db, 'imports'),
  });
  /** A new incident with one stream of OLD_ROWS "alpha" lines, and the stream's events as first read. */
  const alphaStream = async (incidentName: string) => {
    const incidentID = await newIncident(incidentName);
    const streamID = await importStream(incidentID, wordedTsv(OLD_ROWS, 'alpha'));
    return { incidentID, streamID, before: await streamEvents(incidentID, streamID) };
  };
  const phase = async () => {
    const [row] = await suite.server.db.query<{ state: string | null; matches: number | string }>(
      'SELECT (SELECT state FROM stream_generations ORDER BY generation DESC LIMIT 1) AS state, (SELECT count(*) FROM reimport_matches) AS matches',
    );
    return { state: row!.state, matches: Number(row!.matches) };
  };

  it('a device synced before the flip ends with exactly the new rows; a stop mid-cleanup is finished at start', async () => {
    const incidentID = await newIncident('Synced across');
    // More old rows than one cleanup batch deletes on either database, so the stop falls between two batches.
    const oldRows = 6_000;
    const streamID = await importStream(incidentID, wordedTsv(oldRows, 'alpha'));
    const device = parseChangeRevision((await incidentRead(incidentID)).eventsRevision)!;
    const tombstonesBefore = await countRows(suite.server.db, `incident_tombstones WHERE incident_id = ${incidentID}`);
    // The process stops mid-cleanup, after the flip and one batch of old rows deleted, and never goes on.
    let stopped!: () => void;
    const reachedStop = new Promise<void>((resolve) => (stopped = resolve));
    let cleanupTurns = 0;
    void reimport(incidentID, streamID, wordedTsv(NEW_ROWS, 'bravo'), async () => {
      if ((await phase()).state !== 'retiring' || ++cleanupTurns < 2) return () => undefined;
      stopped();
      return new Promise<() => void>(() => undefined);
    });
    await reachedStop;
    const oldLeft = await countRows(suite.server.db, `events WHERE stream_id = ${streamID} AND message LIKE 'alpha%'`);
    expect(oldLeft).toBeGreaterThan(0);
    expect(oldLeft).toBeLessThan(oldRows);

    // Mid-cleanup, every read shows the new events only, with their count.
    const shown = await incidentRead(incidentID);
    expect(words(shown.events.filter((event) => event.streamID === streamID))).toEqual(['bravo']);
    expect(shown.events.filter((event) => event.streamID === streamID)).toHaveLength(NEW_ROWS);
    expect(shown.streams.find((stream) => stream.id === streamID)?.eventCount).toBe(NEW_ROWS);
    // The device from before the flip is told to sync the incident afresh, which holds exactly the new rows.
    const query = new URLSearchParams({ since: String(device.seq), epoch: device.epoch });
    const changes = (await call(`/api/incident/${incidentID}/changes?${query}`)).changes as unknown as IncidentChanges;
    expect(changes.full).toBe(true);
    const after = parseChangeRevision(shown.eventsRevision)!;

    // A restart finishes the cleanup: the old rows go without a tombstone each, and nothing else changes.
    expect(await sweepGenerations(suite.server.db)).toBe(1);
    expect(await countRows(suite.server.db, `events WHERE stream_id = ${streamID}`)).toBe(NEW_ROWS);
    expect(await leftovers()).toEqual({ generations: 0, matches: 0, imports: 0 });
    expect(await countRows(suite.server.db, `incident_tombstones WHERE incident_id = ${incidentID}`)).toBe(
      tombstonesBefore,
    );
    const later = new URLSearchParams({ since: String(after.seq), epoch: after.epoch });
    const caughtUp = (await call(`/api/incident/${incidentID}/changes?${later}`)).changes as unknown as IncidentChanges;
    expect(caughtUp).toMatchObject({ full: false, events: [], deletedEventIDs: [] });
    const read = await incidentRead(incidentID);
    expect(read.streams.find((stream) => stream.id === streamID)?.eventCount).toBe(NEW_ROWS);
    expect(words(read.events.filter((event) => event.streamID === streamID))).toEqual(['bravo']);
  }, 300_000);

  it('a tag added while the re-import writes, and one added after matching began, both follow their events', async () => {
    const { incidentID, streamID, before } = await alphaStream('Tagged meanwhile');
    const early = before.find((event) => event.message === 'alpha line 2500')!;
    const late = before.find((event) => event.message === 'alpha line 10')!;
    const tag = (eventID: number, name: string) => call(`/api/event/${eventID}/tag/${name}`, { method: 'PUT' });
    let tagged = { early: false, late: false };
    const result = await reimport(incidentID, streamID, wordedTsv(OLD_ROWS, 'alpha'), async () => {
      const now = await phase();
      if (
        now.state === 'writing' &&
        !tagged.early &&
        (await countRows(suite.server.db, `events WHERE stream_id = ${streamID}`)) > OLD_ROWS
      ) {
        tagged = { ...tagged, early: true };
        await tag(early.id, 'early');
      }
      if (now.state === 'writing' && now.matches > 0 && !tagged.late) {
        tagged = { ...tagged, late: true };
        await tag(late.id, 'late');
      }
      return () => undefined;
    });
    expect(tagged).toEqual({ early: true, late: true });
    expect(result.outcome).toBe('safe');
    expect(result.carriedAnnotationCount).toBe(2);
    const after = await streamEvents(incidentID, streamID);
    expect(after).toHaveLength(OLD_ROWS);
    expect(after.find((event) => event.message === 'alpha line 2500')?.tags).toEqual(['early']);
    expect(after.find((event) => event.message === 'alpha line 10')?.tags).toEqual(['late']);
    expect(after.some((event) => event.id === early.id || event.id === late.id)).toBe(false);
    expect(await leftovers()).toEqual({ generations: 0, matches: 0, imports: 0 });
  }, 300_000);

  it('an annotated event edited after it was matched is matched again: the flip refuses the conflict', async () => {
    const { incidentID, streamID, before } = await alphaStream('Edited meanwhile');
    const target = before.find((event) => event.message === 'alpha line 10')!;
    await call(`/api/event/${target.id}/tag/watch`, { method: 'PUT' });
    let edited = false;
    const reimporting = reimport(incidentID, streamID, wordedTsv(OLD_ROWS, 'alpha'), async () => {
      const paired = await countRows(suite.server.db, `reimport_matches WHERE old_id = ${target.id}`);
      if (paired > 0 && !edited) {
        edited = true;
        await call(`/api/event/${target.id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message: 'edited by hand' }),
        });
      }
      return () => undefined;
    });
    await expect(reimporting).rejects.toBeInstanceOf(ReimportRefusal);
    await expect(reimporting).rejects.toMatchObject({ outcome: 'merge_conflict' });
    expect(edited).toBe(true);
    const after = await streamEvents(incidentID, streamID);
    expect(after).toHaveLength(OLD_ROWS);
    expect(after.find((event) => event.id === target.id)).toMatchObject({ message: 'edited by hand', tags: ['watch'] });
    expect(await countRows(suite.server.db, `events WHERE stream_id = ${streamID}`)).toBe(OLD_ROWS);
    expect(await leftovers()).toEqual({ generations: 0, matches: 0, imports: 0 });
  }, 300_000);
});
