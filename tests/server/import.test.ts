/*
 * POST /api/incident/{id}/import on real fixture files, checked through what GET /api/incident/{id}
 * then shows; every refusal leaves no stream, event, upload, blob or temporary file behind.
 * Long because: one suite of fixture files on one server, each case a few lines of the same shape.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/database.ts';
import { useCliDataDir } from '../support/import-cli-data-dir.ts';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { createActor, createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { countRows, type Session } from '../support/test-server.ts';
import { fileForm } from '../support/multipart.ts';

const fixture = (path: string) => readFileSync(join(FIXTURES_DIR, path));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const utcDay = (micros: number) => new Date(micros / 1000).toISOString().slice(0, 10);

interface StreamView {
  id: number;
  name: string;
  isMarkerStream: boolean;
  importFormat: string | null;
  eventCount: number;
}
interface ActorView {
  id: number;
  name: string;
  isBot: boolean;
  organizationActorID: number | null;
  eventCount: number;
}
interface EventView {
  id: number;
  streamID: number;
  isMarker: boolean;
  message: string;
  startTimestamp: number;
  extra?: Record<string, unknown> | null;
}
interface CollectionView {
  name: string;
  isThread: boolean;
  threadEventID: number | null;
  eventIDs: number[];
}
interface UploadView {
  id: number;
  streamID: number | null;
  isSystem: boolean;
  fileName: string;
  sha256: string;
}

describe.each(DATABASE_KINDS)('import on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write', reader: 'read', outsider: 'write', admin: 'admin' });
  let dataDir: string;
  let organizationID: number;

  const importFile = (session: Session, incidentID: number, body: FormData) =>
    session.request({ method: 'POST', url: `/api/incident/${incidentID}/import`, payload: body });
  /** A new incident of the organization with the fixture at `path` imported as `fileName`: 201, and its summary. */
  const importIntoNewIncident = async (
    incidentName: string,
    path: string,
    fileName: string,
    fields?: Record<string, string>,
  ) => {
    const incidentID = await createIncident(suite.writer, organizationID, incidentName);
    const response = await importFile(suite.writer, incidentID, fileForm(fixture(path), fileName, fields));
    expect(response.statusCode, response.body).toBe(201);
    return { incidentID, summary: response.json().import };
  };
  const incident = async (id: number) => {
    const response = await suite.writer.request({ url: `/api/incident/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().incident as {
      streams: StreamView[];
      actors: ActorView[];
      events: EventView[];
      collections: CollectionView[];
      incidentUploads: UploadView[];
      counts: { events: number };
      firstTimestamp: number | null;
      lastTimestamp: number | null;
    };
  };
  const stored = async () => ({
    streams: await countRows(suite.server.db, 'streams'),
    events: await countRows(suite.server.db, 'events'),
    uploads: await countRows(suite.server.db, 'uploads'),
    blobs: await countRows(suite.server.db, 'blobs'),
    actors: await countRows(suite.server.db, 'incident_actors'),
    tempFiles: existsSync(join(dataDir, 'tmp')) ? readdirSync(join(dataDir, 'tmp')).length : 0,
  });
  const storedBytes = async (uploadID: number) => {
    const response = await suite.writer.request({ url: `/api/upload/${uploadID}/content` });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  beforeAll(async () => {
    dataDir = suite.server.config.dataDir;
    organizationID = await createOrganization(suite.writer, 'Ops');
    await suite.admin.request({
      method: 'PUT',
      url: `/api/organization/${organizationID}/member/${suite.reader.userID}`,
    });
  });

  it('imports a HAR: requests as events with their timings, pages as markers, hosts as actors; the file kept byte for byte', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'HAR');
    const bytes = fixture('har/firebug_multiple_pages.har');
    const response = await importFile(suite.writer, incidentID, fileForm(bytes, 'firebug_multiple_pages.har'));
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json();
    expect(answer.import).toMatchObject({
      format: 'har',
      importedCount: 12,
      invalidCount: 0,
      invalid: [],
      invalidNotListed: 0,
    });
    expect(answer.import.streams).toEqual([
      { id: expect.any(Number), name: 'firebug_multiple_pages.har', eventCount: 9 },
    ]);
    expect(answer.version).toEqual(expect.any(String));

    const view = await incident(incidentID);
    const stream = view.streams.find((candidate) => candidate.id === answer.import.streams[0].id)!;
    expect(stream).toMatchObject({ importFormat: 'har', eventCount: 9, isMarkerStream: false });
    const markerStream = view.streams.find((candidate) => candidate.isMarkerStream)!;
    expect(view.events.filter((event) => event.streamID === markerStream.id && event.isMarker)).toHaveLength(3);
    expect(view.actors.length).toBeGreaterThan(0);
    expect(view.actors.every((actor) => /^[a-z0-9.-]+(:\d+)?$/i.test(actor.name) && !actor.isBot)).toBe(true);
    expect(view.counts.events).toBe(12);
    const [extra] = await suite.server.db.query<{ extra: Record<string, unknown> }>(
      'SELECT extra FROM events WHERE stream_id = $1 ORDER BY start_micros LIMIT 1',
      [stream.id],
    );
    expect(JSON.stringify(extra!.extra)).toMatch(/wait/);
    const upload = view.incidentUploads.find((candidate) => candidate.id === answer.import.uploadID)!;
    expect(upload).toMatchObject({
      isSystem: true,
      streamID: stream.id,
      fileName: 'firebug_multiple_pages.har',
      sha256: sha256(bytes),
    });
    expect(sha256(await storedBytes(upload.id))).toBe(sha256(bytes));
    const audit = await suite.server.db.query<{ item_id: number }>(
      "SELECT item_id FROM data_audit WHERE action = 'import stream' AND item_id = $1",
      [stream.id],
    );
    expect(audit).toHaveLength(1);
  });

  it('imports the Zeek notice log: 207 events, a named stream, the time range of 2018', async () => {
    const { incidentID, summary } = await importIntoNewIncident(
      'Zeek',
      'events/zeek_notice_wrccdc2018.log',
      'notice.log',
      { streamName: 'Zeek notices' },
    );
    expect(summary).toMatchObject({
      format: 'delimited',
      importedCount: 207,
      invalidCount: 0,
      streams: [{ name: 'Zeek notices', eventCount: 207 }],
    });
    const view = await incident(incidentID);
    expect(view.streams.find((stream) => stream.name === 'Zeek notices')).toMatchObject({
      importFormat: 'delimited',
      eventCount: 207,
    });
    expect(view.counts.events).toBe(207);
    expect(utcDay(view.firstTimestamp!)).toBe('2018-03-24');
    expect(view.lastTimestamp!).toBeGreaterThanOrEqual(view.firstTimestamp!);
  });

  it('imports the Timesketch CSV', async () => {
    const { incidentID, summary } = await importIntoNewIncident(
      'Timesketch',
      'events/timesketch_evtx_part.csv',
      'timesketch_evtx_part.csv',
    );
    expect(summary).toMatchObject({ format: 'timesketch-csv', importedCount: 13, invalidCount: 0 });
    const view = await incident(incidentID);
    expect(view.streams.find((stream) => !stream.isMarkerStream)).toMatchObject({
      name: 'timesketch_evtx_part.csv',
      importFormat: 'timesketch-csv',
      eventCount: 13,
    });
    expect(view.events.every((event) => event.message !== '')).toBe(true);
  });

  it('imports the Slack export: one stream per channel, 158 events, bots as bot actors', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'Slack');
    const bytes = fixture('slack/slack_export_testarchive.zip');
    const response = await importFile(suite.writer, incidentID, fileForm(bytes, 'slack_export_testarchive.zip'));
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json().import;
    expect(answer).toMatchObject({ format: 'slack-zip', importedCount: 158, invalidCount: 0 });
    expect(answer.streams.map((stream: { name: string }) => stream.name).sort()).toEqual([
      'enrique',
      'traveling-sailor',
    ]);
    expect(answer.streams.reduce((sum: number, stream: { eventCount: number }) => sum + stream.eventCount, 0)).toBe(
      158,
    );
    const view = await incident(incidentID);
    expect(view.streams.filter((stream) => stream.importFormat === 'slack-zip')).toHaveLength(2);
    expect(view.actors.some((actor) => actor.isBot)).toBe(true);
    expect(view.actors.some((actor) => !actor.isBot)).toBe(true);
    expect(utcDay(view.firstTimestamp!)).toBe('2016-01-15');
    // Each channel keeps the archive as its own system upload: the same content, stored once.
    const system = view.incidentUploads.filter((upload) => upload.isSystem);
    expect(system).toHaveLength(2);
    expect(new Set(system.map((upload) => upload.sha256))).toEqual(new Set([sha256(bytes)]));
    expect(sha256(await storedBytes(answer.uploadID))).toBe(sha256(bytes));
    // The fixture has no threads.
    expect(view.collections.filter((collection) => collection.isThread)).toEqual([]);
  });

  it('makes a reply-thread collection per Slack thread, named after its first event', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'Threads');
    const json = (value: unknown) => strToU8(JSON.stringify(value));
    const zip = zipSync({
      'users.json': json([
        { id: 'U1', name: 'ana', real_name: 'Ana Lyst' },
        { id: 'U2', name: 'deploybot', real_name: '', is_bot: true },
      ]),
      'channels.json': json([{ id: 'C1', name: 'incident' }]),
      'incident/2024-01-01.json': json([
        { type: 'message', user: 'U1', text: 'parent', ts: '1704067200.000100', thread_ts: '1704067200.000100' },
        { type: 'message', user: 'U2', text: 'reply', ts: '1704067201.000000', thread_ts: '1704067200.000100' },
        { type: 'message', user: 'U1', text: 'outside the thread', ts: '1704067300.000000' },
      ]),
    });
    const response = await importFile(suite.writer, incidentID, fileForm(zip, 'export.zip'));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().import).toMatchObject({ importedCount: 3, streams: [{ name: 'incident', eventCount: 3 }] });
    const view = await incident(incidentID);
    const parent = view.events.find((event) => event.message === 'parent')!;
    const reply = view.events.find((event) => event.message === 'reply')!;
    expect(view.collections.filter((collection) => collection.isThread)).toEqual([
      expect.objectContaining({
        name: `Reply thread ${parent.id}`,
        threadEventID: parent.id,
        eventIDs: [parent.id, reply.id].sort((a, b) => a - b),
      }),
    ]);
    expect(view.actors.find((actor) => actor.isBot)).toBeDefined();
  });

  it('imports an M365 CSV with the mapping given in settings, matching actors to the incident and organization', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'M365');
    const existing = await createActor(suite.writer, incidentID, 'test-user@test-company.tld');
    const settings = {
      format: 'delimited',
      delimiter: ',',
      quoted: true,
      preambleRows: 0,
      headerRows: 1,
      mapping: { startTime: 8, actor: 4, message: 2 },
      numericUnit: 'seconds',
    };
    const response = await importFile(
      suite.writer,
      incidentID,
      fileForm(fixture('events/m365_defender_activity_log.csv'), 'm365.csv', {
        settings: JSON.stringify(settings),
        timeZone: 'Europe/Helsinki',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().import).toMatchObject({ format: 'delimited', importedCount: 15, invalidCount: 0 });
    const view = await incident(incidentID);
    expect(view.actors).toEqual([
      expect.objectContaining({ id: existing, name: 'test-user@test-company.tld', eventCount: 15 }),
    ]);
    expect(utcDay(view.firstTimestamp!)).toBe('2023-10-25');
    expect(view.events.some((event) => event.message === 'ListViewed')).toBe(true);

    // A second incident of the organization: the actor is new to it, linked to an organization actor.
    const [organizationActor] = await suite.server.db.query<{ id: number }>(
      'INSERT INTO organization_actors (organization_id, display_name, created_micros) VALUES ($1, $2, 0) RETURNING id',
      [organizationID, 'test-user@test-company.tld'],
    );
    const second = await createIncident(suite.writer, organizationID, 'M365 again');
    const again = await importFile(
      suite.writer,
      second,
      fileForm(fixture('events/m365_defender_activity_log.csv'), 'm365.csv', { settings: JSON.stringify(settings) }),
    );
    expect(again.statusCode, again.body).toBe(201);
    expect((await incident(second)).actors).toEqual([
      expect.objectContaining({ organizationActorID: organizationActor!.id, eventCount: 15 }),
    ]);
  });

  it('imports an XChat IRC log with no settings: nicks as actors, the impossible time 39:95:90 reported', async () => {
    const { incidentID, summary } = await importIntoNewIncident('IRC', 'events/xchat_irc_transcript.log', 'xchat.log');
    expect(summary).toMatchObject({ importedCount: 15, invalidCount: 1 });
    expect(summary.invalid.map((row: { line: number }) => row.line)).toEqual([10]);
    const names = (await incident(incidentID)).actors.map((actor) => actor.name);
    expect(names).toEqual(expect.arrayContaining(['fpi', 'STRANGER', 'Kristinn', 'XChat', 'empty_text']));
  });

  it('imports the valid rows of a file with invalid ones and reports each invalid line', async () => {
    const incidentID = await createIncident(suite.writer, organizationID, 'Some invalid');
    const tsv = [
      'time\tactor\tmessage',
      '2024-06-04 09:00:00\tana\tfirst',
      'not a time\tana\tbroken',
      '2024-06-04 09:01:00\tbo\tsecond',
      '\tbo\tno time',
      '2024-06-04 09:02:00\tana\tthird',
      '',
    ].join('\n');
    const response = await importFile(suite.writer, incidentID, fileForm(strToU8(tsv), 'some.tsv'));
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json().import;
    expect(answer).toMatchObject({ importedCount: 3, invalidCount: 2, invalidNotListed: 0 });
    expect(answer.invalid.map((row: { line: number }) => row.line)).toEqual([3, 5]);
    expect(answer.invalid.every((row: { reason: string }) => row.reason.length > 0)).toBe(true);
    const view = await incident(incidentID);
    expect(view.events.map((event) => event.message)).toEqual(['first', 'second', 'third']);
  });

  describe('refusals leave nothing behind', () => {
    let incidentID: number;
    beforeAll(async () => {
      incidentID = await createIncident(suite.writer, organizationID, 'Refusals');
    });
    const ZEEK = () => fixture('events/zeek_notice_wrccdc2018.log');

    it.each([
      ['no file', () => fileForm(undefined, '', { streamName: 'x' }), 'file', /required/],
      [
        'an unsupported file (binary)',
        () => fileForm(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 0]), 'a.out'),
        'file',
        /binary file/,
      ],
      ['bad settings JSON', () => fileForm(ZEEK(), 'notice.log', { settings: '{"format":' }), 'settings', /JSON/],
      [
        'settings of an unknown format',
        () => fileForm(ZEEK(), 'notice.log', { settings: '{"format":"pcap"}' }),
        'settings',
        /format/,
      ],
      [
        'an unknown time zone',
        () => fileForm(ZEEK(), 'notice.log', { timeZone: 'Mars/Olympus' }),
        'timeZone',
        /time zone/,
      ],
      ['a field the call does not take', () => fileForm(ZEEK(), 'notice.log', { kind: 'text' }), 'kind', /not a field/],
    ])('%s: 400', async (_name, body, field, reason) => {
      const before = await stored();
      const response = await importFile(suite.writer, incidentID, body());
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatchObject({ field, message: expect.stringMatching(reason) });
      expect(await stored()).toEqual(before);
    });

    it('a read-only analyst: 403; another organization: 404', async () => {
      const before = await stored();
      const denied = await importFile(suite.reader, incidentID, fileForm(ZEEK(), 'notice.log'));
      expect(denied.statusCode, denied.body).toBe(403);
      const hidden = await importFile(suite.outsider, incidentID, fileForm(ZEEK(), 'notice.log'));
      expect(hidden.statusCode, hidden.body).toBe(404);
      expect(await stored()).toEqual(before);
    });

    it('a file whose every row is invalid: 400, nothing stored', async () => {
      const before = await stored();
      const response = await importFile(
        suite.writer,
        incidentID,
        fileForm(strToU8('time\tmessage\nyesterday\toops\n'), 'bad.tsv', {
          settings: JSON.stringify({ format: 'delimited', delimiter: '\t', mapping: { startTime: 0, message: 1 } }),
        }),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatchObject({ field: 'file', message: expect.stringMatching(/no valid rows/) });
      expect(await stored()).toEqual(before);
    });
  });
});

describe('npm run import (the compiled CLI on a PGlite DATA_DIR)', () => {
  const dataDir = useCliDataDir('churchkey-import-cli-');
  const cli = dataDir.run;

  it('imports the Zeek notice log and prints the summary; a missing file or incident is a clear error', async () => {
    const done = cli([
      '--incident',
      String(dataDir.incidentID),
      '--stream',
      'Zeek',
      join(FIXTURES_DIR, 'events/zeek_notice_wrccdc2018.log'),
    ]);
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/imported 207 events \(delimited\)/);
    expect(done.stdout).toMatch(/stream \d+ "Zeek": 207 events/);
    expect(done.stderr).toMatch(/100%/);

    const missingFile = cli(['--incident', String(dataDir.incidentID), join(dataDir.path, 'nope.tsv')]);
    expect(missingFile.status).toBe(1);
    expect(missingFile.stderr).toMatch(/nope\.tsv: no such file/);
    const missingIncident = cli(['--incident', '999999', join(FIXTURES_DIR, 'events/zeek_notice_wrccdc2018.log')]);
    expect(missingIncident.status).toBe(1);
    expect(missingIncident.stderr).toMatch(/incident 999999 not found/);

    const db = await openPglite(dataDir.path);
    try {
      const [row] = await db.query<{ events: number; uploads: number }>(
        'SELECT (SELECT count(*)::int FROM events WHERE incident_id = $1) AS events, (SELECT count(*)::int FROM uploads WHERE is_system) AS uploads',
        [dataDir.incidentID],
      );
      expect(row).toEqual({ events: 207, uploads: 1 });
    } finally {
      await db.close();
    }
  }, 120_000);
});
