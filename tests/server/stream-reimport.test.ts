/*
 * Re-importing an updated file into an existing stream (POST /api/stream/{id}/import/check and
 * /import) on real fixture files: the merge outcome before anything changes, annotations carried to
 * the matching new events, each resolution of a conflict, and every refusal leaving every row as it was.
 * Long because: every outcome and resolution needs a stream imported first; they share one server and its files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/database.ts';
import { useCliDataDir } from '../support/import-cli-data-dir.ts';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { addMember, countRows, type Session } from '../support/test-server.ts';
import { fileForm } from '../support/multipart.ts';

const ZEEK = 'events/zeek_notice_wrccdc2018.log';
const HAR = 'har/firebug_multiple_pages.har';
const fixture = (path: string) => readFileSync(join(FIXTURES_DIR, path));

/** The file without its physical line `line` (1-based), as an analyst's updated export would lack it. */
function withoutLine(bytes: Uint8Array, line: number): Uint8Array {
  const lines = Buffer.from(bytes).toString('utf8').split('\n');
  lines.splice(line - 1, 1);
  return Buffer.from(lines.join('\n'), 'utf8');
}

interface EventRow {
  id: number;
  message: string;
  start_micros: number;
  source_line: number;
  is_marker: boolean;
}

const TABLES = [
  'events',
  'event_tags',
  'stream_tags',
  'notes',
  'links',
  'uploads',
  'blobs',
  'collections',
  'collection_events',
  'incident_actors',
  'streams',
  'data_audit',
];

describe.each(DATABASE_KINDS)('stream re-import on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write', reader: 'read', outsider: 'write', admin: 'admin' });
  let organizationID: number;

  const stored = async () =>
    Object.fromEntries(
      await Promise.all(TABLES.map(async (table) => [table, await countRows(suite.server.db, table)] as const)),
    );
  const importNew = async (incidentID: number, path: string) => {
    const response = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/import`,
      payload: fileForm(fixture(path), path.split('/').at(-1)!),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().import.streams[0].id as number;
  };
  const check = (session: Session, streamID: number, bytes: Uint8Array, fields: Record<string, string> = {}) =>
    session.request({
      method: 'POST',
      url: `/api/stream/${streamID}/import/check`,
      payload: fileForm(bytes, 'updated.log', fields),
    });
  const reimport = (
    session: Session,
    streamID: number,
    bytes: Uint8Array,
    fields: Record<string, string> = {},
    fileName = 'updated.log',
  ) =>
    session.request({
      method: 'POST',
      url: `/api/stream/${streamID}/import`,
      payload: fileForm(bytes, fileName, fields),
    });
  /** A re-import through a merge conflict, settled by `resolution`: 200, and the import's summary. */
  const reimportResolving = async (
    streamID: number,
    bytes: Uint8Array,
    resolution: 'keep_unmatched' | 'detach_unmatched',
  ) => {
    const response = await reimport(suite.writer, streamID, bytes, { resolution });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().import).toMatchObject({ outcome: 'merge_conflict', resolution });
    return response.json().import;
  };
  const eventsOf = (streamID: number) =>
    suite.server.db.query<EventRow>(
      'SELECT id, message, start_micros, source_line, is_marker FROM events WHERE stream_id = $1 OR import_stream_id = $1 ORDER BY is_marker, source_line, id',
      [streamID],
    );
  const post = async (session: Session, url: string, payload: object) => {
    const response = await session.request({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const tagEvent = async (eventID: number, tag: string) => {
    const response = await suite.writer.request({ method: 'PUT', url: `/api/event/${eventID}/tag/${tag}` });
    expect(response.statusCode, response.body).toBe(201);
  };
  /** Every kind of annotation an event can carry: answers the ids made. */
  const annotate = async (incidentID: number, eventID: number) => {
    await tagEvent(eventID, 'phishing');
    const note = (
      await post(suite.writer, `/api/incident/${incidentID}/note`, {
        kind: 'interview',
        text: 'the admin saw this first',
        eventID,
      })
    ).note.id as number;
    const link = (
      await post(suite.writer, `/api/incident/${incidentID}/link`, { url: 'https://example.org/ticket/1', eventID })
    ).link.id as number;
    const collection = (
      await post(suite.writer, `/api/incident/${incidentID}/collection`, { name: 'Suspicious', eventIDs: [eventID] })
    ).collection.id as number;
    const thread = await suite.writer.request({ method: 'POST', url: `/api/event/${eventID}/thread` });
    expect(thread.statusCode, thread.body).toBe(201);
    return { note, link, collection, thread: thread.json().collection.id as number };
  };

  beforeAll(async () => {
    organizationID = await createOrganization(suite.writer, 'Ops');
    await addMember(suite.admin, organizationID, suite.reader);
  });

  it('the same file again: safe, every annotation carried to the matching new event, the stream and its clock offset kept', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'Same file');
    const streamID = await importNew(incidentID, ZEEK);
    const first = (await suite.writer.request({ url: `/api/stream/${streamID}` })).json().stream;
    expect(first.sourceUploadID).toBe(first.systemUploads[0].id);
    const shift = await suite.writer.request({
      method: 'PUT',
      url: `/api/stream/${streamID}`,
      payload: { clockOffsetMicroseconds: 3_600_000_000 },
    });
    expect(shift.statusCode, shift.body).toBe(200);
    const before = await eventsOf(streamID);
    const target = before[10]!;
    const made = await annotate(incidentID, target.id);

    const unchanged = await stored();
    const checked = await check(suite.writer, streamID, fixture(ZEEK));
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().check).toEqual({
      outcome: 'safe',
      currentEventCount: 207,
      newEventCount: 207,
      matchedEventCount: 207,
      unmatchedAnnotatedEvents: [],
      unmatchedAnnotatedEventCount: 0,
      invalidRows: [],
      invalidRowCount: 0,
    });
    expect(await stored()).toEqual(unchanged);

    const response = await reimport(suite.writer, streamID, fixture(ZEEK), {}, 'notice.log');
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json().import;
    expect(answer).toMatchObject({
      outcome: 'safe',
      resolution: null,
      importedCount: 207,
      invalidCount: 0,
      carriedAnnotationCount: 5,
      keptEventCount: 0,
      format: 'delimited',
    });
    expect(answer.streams).toEqual([{ id: streamID, name: 'zeek_notice_wrccdc2018.log', eventCount: 207 }]);

    const after = await eventsOf(streamID);
    expect(after).toHaveLength(207);
    expect(after.some((event) => event.id === target.id)).toBe(false);
    const moved = after.find((event) => event.source_line === target.source_line)!;
    expect(moved).toMatchObject({ message: target.message, start_micros: target.start_micros });
    const event = await suite.writer.request({ url: `/api/event/${moved.id}` });
    expect(event.statusCode, event.body).toBe(200);
    expect(event.json().event).toMatchObject({
      eventTagNames: ['phishing'],
      collectionIDs: expect.arrayContaining([made.collection, made.thread]),
    });
    const [note] = await suite.server.db.query<{ event_id: number }>('SELECT event_id FROM notes WHERE id = $1', [
      made.note,
    ]);
    const [link] = await suite.server.db.query<{ event_id: number }>('SELECT event_id FROM links WHERE id = $1', [
      made.link,
    ]);
    const [thread] = await suite.server.db.query<{ name: string; thread_event_id: number }>(
      'SELECT name, thread_event_id FROM collections WHERE id = $1',
      [made.thread],
    );
    expect([note!.event_id, link!.event_id]).toEqual([moved.id, moved.id]);
    expect(thread).toEqual({ name: `Reply thread ${moved.id}`, thread_event_id: moved.id });

    const stream = (await suite.writer.request({ url: `/api/stream/${streamID}` })).json().stream;
    expect(stream).toMatchObject({ id: streamID, clockOffsetMicroseconds: 3_600_000_000, eventCount: 207 });
    // The old source stays kept beside the new one (here the same bytes: one blob, two uploads).
    expect(stream.systemUploads.map((upload: { id: number }) => upload.id)).toContain(answer.uploadID);
    expect(stream.systemUploads).toHaveLength(2);
    expect(stream.sourceUploadID).toBe(answer.uploadID);
    const search = await suite.writer.request({ url: `/api/events/search?q=phishing&incidentID=${incidentID}` });
    expect(search.statusCode, search.body).toBe(200);
    expect(JSON.stringify(search.json())).toContain(String(moved.id));
    const audit = await suite.server.db.query<{ detail: { outcome: string } }>(
      "SELECT detail FROM data_audit WHERE action = 'reimport stream' AND item_id = $1",
      [streamID],
    );
    expect(audit.map((row) => row.detail.outcome)).toEqual(['safe']);
  });

  it('no annotations: no_source_annotations, a plain replace; a stream tag: has_target_annotations, the tag stays', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'Plain');
    const streamID = await importNew(incidentID, ZEEK);
    const oldIds = (await eventsOf(streamID)).map((event) => event.id);
    expect((await check(suite.writer, streamID, fixture(ZEEK))).json().check.outcome).toBe('no_source_annotations');
    const response = await reimport(suite.writer, streamID, fixture(ZEEK));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().import).toMatchObject({ outcome: 'no_source_annotations', carriedAnnotationCount: 0 });
    const newIds = (await eventsOf(streamID)).map((event) => event.id);
    expect(newIds).toHaveLength(207);
    expect(newIds.filter((id) => oldIds.includes(id))).toEqual([]);
    const incident = (await suite.writer.request({ url: `/api/incident/${incidentID}` })).json().incident;
    expect(incident.counts.events).toBe(207);

    const tagged = await suite.writer.request({ method: 'PUT', url: `/api/stream/${streamID}/tag/firewall` });
    expect(tagged.statusCode, tagged.body).toBe(201);
    expect((await check(suite.writer, streamID, fixture(ZEEK))).json().check.outcome).toBe('has_target_annotations');
    const again = await reimport(suite.writer, streamID, fixture(ZEEK));
    expect(again.json().import).toMatchObject({ outcome: 'has_target_annotations' });
    expect((await suite.writer.request({ url: `/api/stream/${streamID}` })).json().stream.tags).toEqual(['firewall']);
  });

  it("an event an analyst added by hand to the stream is not the file's: it stays through a re-import", async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'By hand');
    const streamID = await importNew(incidentID, ZEEK);
    const added = await post(suite.writer, `/api/incident/${incidentID}/event`, {
      streamID,
      message: 'the on-call engineer paged',
      startTimestamp: 1_521_911_720_000_000,
    });
    const checked = await check(suite.writer, streamID, fixture(ZEEK));
    expect(checked.json().check).toMatchObject({
      outcome: 'no_source_annotations',
      currentEventCount: 207,
      matchedEventCount: 207,
    });
    const response = await reimport(suite.writer, streamID, fixture(ZEEK));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().import.streams[0].eventCount).toBe(208);
    expect(await suite.server.db.query('SELECT message FROM events WHERE id = $1', [added.event.id])).toEqual([
      { message: 'the on-call engineer paged' },
    ]);
  });

  describe('an annotated row gone from the updated file', () => {
    const prepare = async (name: string) => {
      const incidentID = await createIncident(suite.writer, organizationID, name);
      const streamID = await importNew(incidentID, ZEEK);
      const target = (await eventsOf(streamID))[20]!;
      const made = await annotate(incidentID, target.id);
      const updated = withoutLine(fixture(ZEEK), target.source_line);
      return { incidentID, streamID, target, made, updated };
    };

    it('merge_conflict in the check; the import without a resolution answers 409 and changes nothing', async () => {
      const { streamID, target, made, updated } = await prepare('Conflict');
      const before = await stored();
      const checked = await check(suite.writer, streamID, updated);
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json().check).toMatchObject({
        outcome: 'merge_conflict',
        currentEventCount: 207,
        newEventCount: 206,
      });
      // Every other row still matches, whatever line it moved to.
      expect(checked.json().check.matchedEventCount).toBe(206);
      expect(checked.json().check.unmatchedAnnotatedEvents).toEqual([
        {
          eventID: target.id,
          startTimestamp: target.start_micros,
          message: target.message,
          annotations: [
            'tag:phishing',
            'thread',
            `collection ${made.collection}`,
            `note ${made.note}`,
            `link ${made.link}`,
          ],
        },
      ]);
      const refused = await reimport(suite.writer, streamID, updated);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'merge_conflict',
        field: 'resolution',
        message: expect.stringMatching(/1 annotated event .*no match/),
      });
      expect(await stored()).toEqual(before);
    });

    it('keep_unmatched: the annotated event stays beside the 206 new ones, its annotations with it', async () => {
      const { streamID, target, updated } = await prepare('Keep');
      const summary = await reimportResolving(streamID, updated, 'keep_unmatched');
      expect(summary).toMatchObject({ keptEventCount: 1, detachedEventCount: 0, importedCount: 206 });
      expect(summary.streams[0].eventCount).toBe(207);
      const after = await eventsOf(streamID);
      expect(after.find((event) => event.id === target.id)).toBeDefined();
      expect(await suite.server.db.query('SELECT name FROM event_tags WHERE event_id = $1', [target.id])).toEqual([
        { name: 'phishing' },
      ]);
    });

    it('detach_unmatched: the event goes, its tag onto the stream, its note, link and thread kept', async () => {
      const { incidentID, streamID, target, made, updated } = await prepare('Detach');
      const summary = await reimportResolving(streamID, updated, 'detach_unmatched');
      expect(summary).toMatchObject({ keptEventCount: 0, detachedEventCount: 1 });
      expect(summary.streams[0].eventCount).toBe(206);
      expect(await suite.server.db.query('SELECT id FROM events WHERE id = $1', [target.id])).toEqual([]);
      expect((await suite.writer.request({ url: `/api/stream/${streamID}` })).json().stream.tags).toEqual(['phishing']);
      expect(await suite.server.db.query('SELECT event_id, incident_id FROM notes WHERE id = $1', [made.note])).toEqual(
        [{ event_id: null, incident_id: incidentID }],
      );
      expect(await suite.server.db.query('SELECT event_id, stream_id FROM links WHERE id = $1', [made.link])).toEqual([
        { event_id: null, stream_id: streamID },
      ]);
      expect(
        await suite.server.db.query('SELECT is_thread, thread_event_id FROM collections WHERE id = $1', [made.thread]),
      ).toEqual([{ is_thread: false, thread_event_id: null }]);
      const [audit] = await suite.server.db.query<{
        detail: { detachedEvents: { eventID: number; annotations: string[] }[] };
      }>("SELECT detail FROM data_audit WHERE action = 'reimport stream' AND item_id = $1", [streamID]);
      expect(audit!.detail.detachedEvents).toEqual([
        expect.objectContaining({
          eventID: target.id,
          annotations: expect.arrayContaining([`collection ${made.collection}`]),
        }),
      ]);
    });
  });

  it('HAR pages: the stream owns its markers; an annotated page gone is source_markers_have_annotations', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'HAR');
    const streamID = await importNew(incidentID, HAR);
    const markers = (await eventsOf(streamID)).filter((event) => event.is_marker);
    expect(markers).toHaveLength(3);
    await tagEvent(markers[1]!.id, 'landing');

    const same = await reimport(suite.writer, streamID, fixture(HAR), {}, 'firebug_multiple_pages.har');
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().import).toMatchObject({ outcome: 'safe', carriedAnnotationCount: 1, importedCount: 12 });
    // Replaced, not doubled: the marker stream still holds the three pages.
    const markersAfter = (await eventsOf(streamID)).filter((event) => event.is_marker);
    expect(markersAfter).toHaveLength(3);
    expect(await countMarkers(incidentID)).toBe(3);
    const tagged = markersAfter.find((event) => event.source_line === markers[1]!.source_line)!;
    expect(await suite.server.db.query('SELECT name FROM event_tags WHERE event_id = $1', [tagged.id])).toEqual([
      { name: 'landing' },
    ]);

    const har = JSON.parse(
      Buffer.from(fixture(HAR))
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    ) as { log: { pages: unknown[] } };
    har.log.pages.splice(markers[1]!.source_line - 1, 1);
    const updated = Buffer.from(JSON.stringify(har), 'utf8');
    const checked = await check(suite.writer, streamID, updated);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().check).toMatchObject({
      outcome: 'source_markers_have_annotations',
      unmatchedAnnotatedEvents: [expect.objectContaining({ eventID: tagged.id, annotations: ['tag:landing'] })],
    });
    const refused = await reimport(suite.writer, streamID, updated, {}, 'firebug_multiple_pages.har');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'source_markers_have_annotations', field: 'resolution' });
    const kept = await reimport(
      suite.writer,
      streamID,
      updated,
      { resolution: 'keep_unmatched' },
      'firebug_multiple_pages.har',
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await countMarkers(incidentID)).toBe(3);
  });

  const countMarkers = async (incidentID: number) =>
    (
      await suite.server.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM events WHERE incident_id = $1 AND is_marker',
        [incidentID],
      )
    )[0]!.count;

  describe('refusals change nothing', () => {
    let incidentID: number;
    let streamID: number;
    beforeAll(async () => {
      incidentID = await createIncident(suite.writer, organizationID, 'Refusals');
      streamID = await importNew(incidentID, ZEEK);
      await tagEvent((await eventsOf(streamID))[0]!.id, 'phishing');
    });

    it.each([
      ['an unknown stream', 404, (): number => 999_999_999, 'writer', null],
      ['a stream of another organization', 404, (): number => streamID, 'outsider', null],
      ['a read-only analyst', 403, (): number => streamID, 'reader', null],
    ] as const)('%s: %i, on the check and the import', async (_name, status, id, who, field) => {
      const session = { writer: suite.writer, outsider: suite.outsider, reader: suite.reader }[who];
      const before = await stored();
      for (const response of [
        await check(session, id(), fixture(ZEEK)),
        await reimport(session, id(), fixture(ZEEK)),
      ]) {
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().error.field).toBe(field);
      }
      expect(await stored()).toEqual(before);
    });

    it('the marker stream: 400 on streamID', async () => {
      const [marker] = await suite.server.db.query<{ id: number }>(
        'SELECT id FROM streams WHERE incident_id = $1 AND is_marker_stream',
        [incidentID],
      );
      const before = await stored();
      for (const response of [
        await check(suite.writer, marker!.id, fixture(ZEEK)),
        await reimport(suite.writer, marker!.id, fixture(ZEEK)),
      ]) {
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error).toMatchObject({
          field: 'streamID',
          message: expect.stringMatching(/marker stream/),
        });
      }
      expect(await stored()).toEqual(before);
    });

    it.each([
      ['a truncated HAR', () => fileForm(fixture(HAR).subarray(0, 2000), 'broken.har'), 'file'],
      ['an empty file', () => fileForm(new Uint8Array(), 'empty.log'), 'file'],
      ['a Slack export', () => fileForm(fixture('slack/slack_export_testarchive.zip'), 'export.zip'), 'file'],
      ['settings that are not JSON', () => fileForm(fixture(ZEEK), 'notice.log', { settings: '{' }), 'settings'],
      [
        'an unknown resolution',
        () => fileForm(fixture(ZEEK), 'notice.log', { resolution: 'merge_anyway' }),
        'resolution',
      ],
    ])('%s: 400 naming the field', async (_name, body, field) => {
      const before = await stored();
      const response = await suite.writer.request({
        method: 'POST',
        url: `/api/stream/${streamID}/import`,
        payload: body(),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.field).toBe(field);
      if (field !== 'resolution') {
        const checked = await suite.writer.request({
          method: 'POST',
          url: `/api/stream/${streamID}/import/check`,
          payload: body(),
        });
        expect(checked.statusCode, checked.body).toBe(400);
        expect(checked.json().error.field).toBe(field);
      }
      expect(await stored()).toEqual(before);
    });
  });
});

describe('npm run import -- --stream ID (the compiled CLI on a PGlite DATA_DIR)', () => {
  const dataDir = useCliDataDir('churchkey-reimport-cli-');
  const cli = dataDir.run;
  const query = async <T>(sql: string, params: unknown[] = []) => {
    const db = await openPglite(dataDir.path);
    try {
      return await db.query<T>(sql, params);
    } finally {
      await db.close();
    }
  };

  it('prints the check first; a conflict without --resolution changes nothing, with it the file is re-imported', async () => {
    const first = cli(['--incident', String(dataDir.incidentID), join(FIXTURES_DIR, ZEEK)]);
    expect(first.status, first.stderr).toBe(0);
    const streamID = Number(/stream (\d+) /.exec(first.stdout)![1]);
    const [target] = await query<{ id: number; source_line: number }>(
      'SELECT id, source_line FROM events WHERE stream_id = $1 ORDER BY source_line LIMIT 1 OFFSET 5',
      [streamID],
    );
    await query("INSERT INTO event_tags (event_id, incident_id, name, created_micros) VALUES ($1, $2, 'phishing', 0)", [
      target!.id,
      dataDir.incidentID,
    ]);
    const updated = join(dataDir.path, 'notice-updated.log');
    writeFileSync(updated, withoutLine(fixture(ZEEK), target!.source_line));

    const refused = cli(['--stream', String(streamID), updated]);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toMatch(/^check: merge_conflict: 207 events now, 206 in the file, 206 matched/);
    expect(refused.stdout).toContain(`unmatched event ${target!.id} `);
    expect(refused.stderr).toMatch(/--resolution keep_unmatched .*nothing was changed/);
    expect(await query('SELECT count(*)::int AS count FROM events WHERE stream_id = $1', [streamID])).toEqual([
      { count: 207 },
    ]);

    const done = cli(['--stream', String(streamID), '--resolution', 'keep_unmatched', updated]);
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/^check: merge_conflict/);
    expect(done.stdout).toMatch(
      /re-imported 206 events \(delimited\) into stream \d+ .*merge_conflict, keep_unmatched/,
    );
    expect(done.stdout).toMatch(/1 unmatched events kept/);
    expect(await query('SELECT count(*)::int AS count FROM events WHERE stream_id = $1', [streamID])).toEqual([
      { count: 207 },
    ]);
    expect(await query('SELECT event_id FROM event_tags')).toEqual([{ event_id: target!.id }]);

    const unknown = cli(['--stream', '999999', updated]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/stream 999999 not found/);
  }, 120_000);
});
