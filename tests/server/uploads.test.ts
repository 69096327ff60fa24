/*
 * Uploads end to end on real files: stored whole and unchanged (sha256 of what comes back equals the
 * file's), once per content, in chunks; served so they can never run as a page; every refusal
 * leaves nothing behind (no upload row, blob, chunk or temporary file).
 * Long because: one suite over the upload routes on one server and blob directory, each refusal checked for leftovers.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertUpload,
  openBlobStream,
  saveBlob,
  spoolBlob,
  storeBlobFromStream,
} from '../../server/repositories/blob-repository.ts';
import { PENDING_CHUNK_BYTES } from '../../server/repositories/pending-blob.ts';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { createEvent, createIncident, createOrganization, createStream } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { addMember, countRows, type Session } from '../support/test-server.ts';

const FIXTURES = `${FIXTURES_DIR}/`;
const fixture = (path: string) => readFileSync(join(FIXTURES, path));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A response body from a real capture: the HAR keeps what the browser received. */
function harBody(path: string, urlEnd: string): Uint8Array<ArrayBuffer> {
  const har = JSON.parse(
    fixture(path)
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
  );
  const entry = har.log.entries.find((e: { request: { url: string } }) => e.request.url.endsWith(urlEnd));
  const content = entry.response.content as { text: string; encoding?: string };
  return Uint8Array.from(Buffer.from(content.text, content.encoding === 'base64' ? 'base64' : 'utf8'));
}

const LOG = fixture('events/xchat_irc_transcript.log');
const HAR = fixture('har/ie11_fiddler_bom.har');
const GEO = fixture('geo/airdata_dji_air2s_2021-09-05.csv');
/** Two flights back to back: 7.9 MB, so two 4 MiB chunks. */
const BIG = Buffer.concat([GEO, GEO]);
const SCREENSHOT = harBody('har/safari_webkit_mitmproxy.har', '/screenshot.png');
const SVG = harBody('har/safari_webkit_mitmproxy.har', '/netograph.svg');
const PAGE = harBody('har/safari_webkit_mitmproxy.har', 'mitmproxy.org/');
const T0 = 1_700_000_000_000_000;
const MAX_BYTES = 10 * 1024 * 1024;
const MiB4 = 4 * 1024 * 1024;

interface Part {
  bytes?: Uint8Array<ArrayBuffer>;
  name?: string;
  type?: string;
}

/** A multipart body as a browser's FormData sends it: the file (if any) and the fields. */
function form(file: Part | undefined, fields: Record<string, string> = {}, fileField = 'file'): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file)
    body.append(
      fileField,
      new File([file.bytes ?? LOG], file.name ?? 'xchat_irc_transcript.log', { type: file.type ?? '' }),
    );
  return body;
}

describe.each(DATABASE_KINDS)('uploads on %s', (kind) => {
  const suite = useAnalystServer(
    kind,
    { writer: 'write', reader: 'read', outsider: 'write', admin: 'admin' },
    { UPLOAD_MAX_BYTES: String(MAX_BYTES) },
  );
  let dataDir: string;
  let organizationID: number;
  let incidentID: number;
  let streamID: number;
  let eventID: number;

  const upload = (session: Session, incident: number, body: FormData) =>
    session.request({ method: 'POST', url: `/api/incident/${incident}/upload`, payload: body });
  const content = (session: Session, uploadID: number, headers: Record<string, string> = {}) =>
    session.request({ url: `/api/upload/${uploadID}/content`, headers });
  const stored = async () => ({
    uploads: await countRows(suite.server.db, 'uploads'),
    blobs: await countRows(suite.server.db, 'blobs'),
    chunks: await countRows(suite.server.db, 'blob_chunks'),
    tempFiles: existsSync(join(dataDir, 'tmp')) ? readdirSync(join(dataDir, 'tmp')).length : 0,
  });

  beforeAll(async () => {
    dataDir = suite.server.config.dataDir;
    organizationID = await createOrganization(suite.writer, 'Ops');
    await addMember(suite.admin, organizationID, suite.reader);
    incidentID = await createIncident(suite.writer, organizationID, 'Outage');
    streamID = await createStream(suite.writer, incidentID, 'chat');
    eventID = await createEvent(suite.writer, incidentID, {
      streamID,
      message: 'screenshot of the dashboard',
      startTimestamp: T0,
    });
  });

  it('keeps a file whole: the bytes that come back are the bytes that went in', async () => {
    const response = await upload(suite.writer, incidentID, form({ bytes: LOG, name: 'xchat_irc_transcript.log' }));
    expect(response.statusCode, response.body).toBe(201);
    const { upload: created, version } = response.json();
    expect(version).toMatch(/^[0-9a-f]{40}$/);
    expect(created).toMatchObject({
      incidentID,
      fileName: 'xchat_irc_transcript.log',
      mediaType: 'text/plain',
      kind: 'text',
      sizeBytes: LOG.length,
      sha256: sha256(LOG),
      eventID: null,
      attachmentKind: null,
      streamID: null,
      isSystem: false,
      analystID: suite.writer.userID,
    });

    const metadata = await suite.reader.request({ url: `/api/upload/${created.id}` });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.json().upload).toEqual(created);

    const bytes = await content(suite.reader, created.id);
    expect(bytes.statusCode).toBe(200);
    expect(sha256(bytes.rawPayload)).toBe(sha256(LOG));
    expect(bytes.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(LOG.length),
      etag: `"${sha256(LOG)}"`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'content-disposition': `attachment; filename="xchat_irc_transcript.log"; filename*=UTF-8''xchat_irc_transcript.log`,
    });
    expect(bytes.headers['cache-control']).toContain('private');

    const again = await content(suite.reader, created.id, { 'if-none-match': `"${sha256(LOG)}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await content(suite.reader, created.id, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);

    const audit = await suite.server.db.query<{ action: string }>(
      "SELECT action FROM data_audit WHERE item_type = 'upload' AND item_id = $1",
      [created.id],
    );
    expect(audit.map((row) => row.action)).toEqual(['create upload']);
  });

  it('knows a HAR by its name and serves it as JSON, byte for byte (byte order mark included)', async () => {
    const response = await upload(suite.writer, incidentID, form({ bytes: HAR, name: 'ie11_fiddler_bom.har' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().upload).toMatchObject({ kind: 'har', mediaType: 'application/json', sizeBytes: HAR.length });
    const bytes = await content(suite.writer, response.json().upload.id);
    expect(sha256(bytes.rawPayload)).toBe(sha256(HAR));
    expect(bytes.headers['content-type']).toBe('application/json');
    expect(bytes.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('stores a file larger than a chunk in 256 KiB chunks and streams them back in order, and byte ranges across them', async () => {
    const response = await upload(
      suite.writer,
      incidentID,
      form({ bytes: BIG, name: 'two-flights.csv', type: 'text/csv' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json().upload;
    expect(created).toMatchObject({ kind: 'text', mediaType: 'text/csv', sizeBytes: BIG.length, sha256: sha256(BIG) });
    const chunks = await suite.server.db.query<{ chunk_index: number; bytes: number }>(
      'SELECT chunk_index, octet_length(data) AS bytes FROM blob_chunks WHERE sha256 = $1 ORDER BY chunk_index',
      [created.sha256],
    );
    // Routes store a file in 256 KiB chunks, each in a short transaction (pending-blob.ts).
    const chunkCount = Math.ceil(BIG.length / PENDING_CHUNK_BYTES);
    expect(chunks).toEqual(
      Array.from({ length: chunkCount }, (_, index) => ({
        chunk_index: index,
        bytes: index < chunkCount - 1 ? PENDING_CHUNK_BYTES : BIG.length - (chunkCount - 1) * PENDING_CHUNK_BYTES,
      })),
    );

    const bytes = await content(suite.writer, created.id);
    expect(bytes.rawPayload.length).toBe(BIG.length);
    expect(sha256(bytes.rawPayload)).toBe(sha256(BIG));

    const range = await content(suite.writer, created.id, { range: `bytes=${MiB4 - 10}-${MiB4 + 9}` });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes ${MiB4 - 10}-${MiB4 + 9}/${BIG.length}`);
    expect(range.rawPayload.equals(BIG.subarray(MiB4 - 10, MiB4 + 10))).toBe(true);
    const tail = await content(suite.writer, created.id, { range: 'bytes=-5' });
    expect(tail.rawPayload.equals(BIG.subarray(BIG.length - 5))).toBe(true);
    const past = await content(suite.writer, created.id, { range: `bytes=${BIG.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${BIG.length}`);
  });

  it('stores the same content once, and removes it with the last upload that has it', async () => {
    const other = await createIncident(suite.writer, organizationID, 'Second outage');
    const before = await stored();
    const first = (await upload(suite.writer, incidentID, form({ bytes: GEO, name: 'flight.csv' }))).json().upload;
    const second = (await upload(suite.writer, other, form({ bytes: GEO, name: 'same flight, renamed.csv' }))).json()
      .upload;
    expect(second.id).not.toBe(first.id);
    expect(second.sha256).toBe(first.sha256);
    const blobRows = () =>
      suite.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM blob_chunks WHERE sha256 = $1', [
        first.sha256,
      ]);
    expect(await stored()).toEqual({
      ...before,
      uploads: before.uploads + 2,
      blobs: before.blobs + 1,
      chunks: before.chunks + Math.ceil(GEO.length / PENDING_CHUNK_BYTES),
    });

    expect((await suite.writer.request({ method: 'DELETE', url: `/api/upload/${first.id}` })).json()).toMatchObject({
      deleted: true,
    });
    expect((await suite.writer.request({ url: `/api/upload/${first.id}` })).statusCode).toBe(404);
    expect((await blobRows())[0]!.n).toBe(Math.ceil(GEO.length / PENDING_CHUNK_BYTES));
    const kept = await content(suite.writer, second.id);
    expect(sha256(kept.rawPayload)).toBe(sha256(GEO));

    // Deleting the incident takes its uploads, and the last reference to the content with them.
    expect((await suite.admin.request({ method: 'DELETE', url: `/api/incident/${other}` })).statusCode).toBe(200);
    expect(await stored()).toEqual(before);
    expect((await blobRows())[0]!.n).toBe(0);
  });

  it('serves HTML and SVG as downloads that cannot run, and images, audio and video inline', async () => {
    const page = (
      await upload(suite.writer, incidentID, form({ bytes: PAGE, name: 'index.html', type: 'text/html' }))
    ).json().upload;
    const svg = (
      await upload(suite.writer, incidentID, form({ bytes: SVG, name: 'netograph.svg', type: 'image/svg+xml' }))
    ).json().upload;
    expect(page).toMatchObject({ kind: 'text', mediaType: 'text/html' });
    expect(svg).toMatchObject({ kind: 'image', mediaType: 'image/svg+xml' });
    for (const [created, bytes] of [
      [page, PAGE],
      [svg, SVG],
    ] as const) {
      const response = await content(suite.writer, created.id);
      expect(sha256(response.rawPayload)).toBe(sha256(bytes));
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="/);
      expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    // A page that claims to be a picture is still not one a browser will render as a page.
    const disguised = (
      await upload(suite.writer, incidentID, form({ bytes: PAGE, name: 'photo.png', type: 'text/html' }))
    ).json().upload;
    expect((await content(suite.writer, disguised.id)).headers['content-type']).toBe('application/octet-stream');

    const png = (
      await upload(suite.writer, incidentID, form({ bytes: SCREENSHOT, name: 'screenshot.png', type: 'image/png' }))
    ).json().upload;
    expect(png.kind).toBe('image');
    const image = await content(suite.writer, png.id);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toBe(
      `inline; filename="screenshot.png"; filename*=UTF-8''screenshot.png`,
    );
    expect(image.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(sha256(image.rawPayload)).toBe(sha256(SCREENSHOT));
  });

  it('keeps a file name for display only: no path, no control or direction characters, at most 255 characters', async () => {
    const tricky = (
      await upload(suite.writer, incidentID, form({ name: '..\\..\\Users\\ada\\report\u202Etxt.exe' }))
    ).json().upload;
    expect(tricky.fileName).toBe('reporttxt.exe');
    const long = (await upload(suite.writer, incidentID, form({ name: `${'é'.repeat(300)}.log` }))).json().upload;
    expect(Array.from(long.fileName as string)).toHaveLength(255);
    const unicode = (
      await upload(suite.writer, incidentID, form({ name: "Überblick; 'Lage' (1).txt", type: 'text/plain' }))
    ).json().upload;
    expect(unicode.fileName).toBe("Überblick; 'Lage' (1).txt");
    expect((await content(suite.writer, unicode.id)).headers['content-disposition']).toBe(
      `attachment; filename="_berblick_ 'Lage' (1).txt"; filename*=UTF-8''%C3%9Cberblick%3B%20%27Lage%27%20%281%29.txt`,
    );
    const files = readdirSync(join(dataDir, 'tmp'));
    expect(files).toEqual([]);
  });

  it("attaches files to an event: the event's message, or an attachment; the event and incident show them", async () => {
    const message = await upload(
      suite.writer,
      incidentID,
      form(
        { bytes: SCREENSHOT, name: 'dashboard.png', type: 'image/png' },
        { eventID: String(eventID), attachmentKind: 'event_message', streamID: String(streamID) },
      ),
    );
    expect(message.statusCode, message.body).toBe(201);
    expect(message.json().upload).toMatchObject({ eventID, attachmentKind: 'event_message', streamID, kind: 'image' });
    // Fields may come after the file too.
    const body = new FormData();
    body.append('file', new File([LOG], 'irc.log'));
    body.append('kind', 'text');
    body.append('attachmentKind', 'attachment');
    body.append('eventID', String(eventID));
    const attachment = await upload(suite.writer, incidentID, body);
    expect(attachment.statusCode, attachment.body).toBe(201);
    expect(attachment.json().upload).toMatchObject({
      eventID,
      attachmentKind: 'attachment',
      kind: 'text',
      streamID: null,
    });

    const event = (await suite.reader.request({ url: `/api/event/${eventID}` })).json().event;
    expect(event.uploads.map((u: { id: number }) => u.id)).toEqual([
      message.json().upload.id,
      attachment.json().upload.id,
    ]);
    expect(event.images.map((u: { id: number }) => u.id)).toEqual([message.json().upload.id]);

    const incident = (await suite.reader.request({ url: `/api/incident/${incidentID}` })).json().incident;
    const ids = incident.incidentUploads.map((u: { id: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([message.json().upload.id, attachment.json().upload.id]));
    expect(incident.counts.uploads).toBe(await countRows(suite.server.db, `uploads WHERE incident_id = ${incidentID}`));
    expect(incident.counts.uploads).toBe(ids.length);

    // Deleting the event takes its uploads with it.
    const doomed = await createEvent(suite.writer, incidentID, {
      streamID,
      message: 'posted a capture',
      startTimestamp: T0 + 1,
    });
    const only = (
      await upload(
        suite.writer,
        incidentID,
        form(
          { bytes: fixture('har/mitmproxy_websocket.har'), name: 'ws.har' },
          { eventID: String(doomed), attachmentKind: 'attachment' },
        ),
      )
    ).json().upload;
    expect((await suite.writer.request({ method: 'DELETE', url: `/api/event/${doomed}` })).statusCode).toBe(200);
    expect((await suite.writer.request({ url: `/api/upload/${only.id}` })).statusCode).toBe(404);
    expect(await countRows(suite.server.db, `blobs WHERE sha256 = '${only.sha256}'`)).toBe(0);
  });

  it('refuses bad uploads with the field at fault, and keeps nothing of them', async () => {
    const other = await createIncident(suite.writer, organizationID, 'Elsewhere');
    const otherStream = await createStream(suite.writer, other, 'other chat');
    const otherEvent = await createEvent(suite.writer, other, {
      streamID: otherStream,
      message: 'not here',
      startTimestamp: T0,
    });
    const tooBig = Buffer.alloc(MAX_BYTES + 1, 0x61);
    const twoFiles = form({ bytes: LOG });
    twoFiles.append('file', new File([HAR], 'second.har'));
    const misnamed = form({ bytes: LOG }, {}, 'upload');

    const cases: [string, FormData | string, number, string | null, string][] = [
      ['no file part', form(undefined, { kind: 'text' }), 400, 'file', 'invalid'],
      ['an empty file', form({ bytes: new Uint8Array(0), name: 'empty.log' }), 400, 'file', 'invalid'],
      ['a bad kind', form({ bytes: LOG }, { kind: 'spreadsheet' }), 400, 'kind', 'invalid'],
      [
        'attachmentKind without eventID',
        form({ bytes: LOG }, { attachmentKind: 'attachment' }),
        400,
        'attachmentKind',
        'invalid',
      ],
      [
        'eventID without attachmentKind',
        form({ bytes: LOG }, { eventID: String(eventID) }),
        400,
        'attachmentKind',
        'invalid',
      ],
      [
        'a bad attachmentKind',
        form({ bytes: LOG }, { eventID: String(eventID), attachmentKind: 'inline' }),
        400,
        'attachmentKind',
        'invalid',
      ],
      [
        'an event of another incident',
        form({ bytes: LOG }, { eventID: String(otherEvent), attachmentKind: 'attachment' }),
        400,
        'eventID',
        'invalid',
      ],
      [
        'an event id that is not one',
        form({ bytes: LOG }, { eventID: '1e3', attachmentKind: 'attachment' }),
        400,
        'eventID',
        'invalid',
      ],
      [
        'a stream of another incident',
        form({ bytes: LOG }, { streamID: String(otherStream) }),
        400,
        'streamID',
        'invalid',
      ],
      [
        'a stream that is not the event’s',
        form({ bytes: LOG }, { eventID: String(eventID), attachmentKind: 'attachment', streamID: String(otherStream) }),
        400,
        'streamID',
        'invalid',
      ],
      ['a field this call does not know', form({ bytes: LOG }, { isSystem: 'true' }), 400, 'isSystem', 'invalid'],
      ['two files', twoFiles, 400, 'file', 'invalid'],
      ['the file under another name', misnamed, 400, 'upload', 'invalid'],
      ['a file over the limit', form({ bytes: tooBig, name: 'huge.log' }), 413, 'file', 'too_large'],
      ['a body that is not multipart', JSON.stringify({ kind: 'text' }), 415, 'body', 'unsupported_media_type'],
    ];
    const before = await stored();
    for (const [what, payload, status, field, code] of cases) {
      const response = await suite.writer.request({
        method: 'POST',
        url: `/api/incident/${incidentID}/upload`,
        payload,
        ...(typeof payload === 'string' ? { headers: { 'content-type': 'application/json' } } : {}),
      });
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
      expect(response.json().error, what).toMatchObject({ code, field });
      expect(await stored(), what).toEqual(before);
    }
  });

  it('asks write permission to add and delete, read to see; other organizations see nothing', async () => {
    const created = (await upload(suite.writer, incidentID, form({ bytes: LOG, name: 'walls.log' }))).json().upload;
    const before = await stored();

    const readOnly = await upload(suite.reader, incidentID, form({ bytes: HAR, name: 'reader.har' }));
    expect(readOnly.statusCode).toBe(403);
    expect((await suite.reader.request({ method: 'DELETE', url: `/api/upload/${created.id}` })).statusCode).toBe(403);
    expect((await content(suite.reader, created.id)).statusCode).toBe(200);

    const foreign = await upload(suite.outsider, incidentID, form({ bytes: HAR, name: 'outsider.har' }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('not_found');
    for (const url of [`/api/upload/${created.id}`, `/api/upload/${created.id}/content`]) {
      const response = await suite.outsider.request({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain(created.sha256);
    }
    expect((await suite.outsider.request({ method: 'DELETE', url: `/api/upload/${created.id}` })).statusCode).toBe(404);
    expect((await suite.outsider.request({ url: '/api/upload/999999999/content' })).statusCode).toBe(404);
    expect(await stored()).toEqual(before);

    const unsigned = await suite.server.app.inject({ url: `/api/upload/${created.id}/content` });
    expect(unsigned.statusCode).toBe(401);
  });

  it('lets an importer keep its source file as a system upload, in any chunk size, not deleted while its stream lives', async () => {
    const source = fixture('events/zeek_notice_wrccdc2018.log');
    const stream = await createStream(suite.writer, incidentID, 'zeek notices');
    const chunkBytes = 16 * 1024;
    const uploadID = await storeBlobFromStream(
      suite.server.db,
      Readable.from([source.subarray(0, 5000), source.subarray(5000)]),
      { tmpDir: join(dataDir, 'tmp'), chunkBytes },
      (tx, blob) =>
        insertUpload(tx, {
          incidentId: incidentID,
          blob,
          fileName: 'zeek_notice_wrccdc2018.log',
          mediaType: 'text/plain',
          kind: 'text',
          streamId: stream,
          isSystem: true,
          analystId: suite.writer.userID,
        }),
    );
    const chunks = await countRows(suite.server.db, `blob_chunks WHERE sha256 = '${sha256(source)}'`);
    expect(chunks).toBe(Math.ceil(source.length / chunkBytes));

    const read: Buffer[] = [];
    for await (const piece of openBlobStream(suite.server.db, sha256(source))) read.push(piece as Buffer);
    expect(sha256(Buffer.concat(read))).toBe(sha256(source));
    const slice: Buffer[] = [];
    for await (const piece of openBlobStream(suite.server.db, sha256(source), {
      start: chunkBytes - 3,
      end: 3 * chunkBytes + 2,
    }))
      slice.push(piece as Buffer);
    expect(Buffer.concat(slice).equals(source.subarray(chunkBytes - 3, 3 * chunkBytes + 3))).toBe(true);

    const streamAnswer = (await suite.writer.request({ url: `/api/stream/${stream}` })).json().stream;
    expect(streamAnswer.systemUploads.map((u: { id: number }) => u.id)).toEqual([uploadID]);
    const refused = await suite.writer.request({ method: 'DELETE', url: `/api/upload/${uploadID}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('conflict');

    // A failing import keeps nothing, its blob included.
    const before = await stored();
    await expect(
      storeBlobFromStream(
        suite.server.db,
        Readable.from([Buffer.from('a source that fails to import\n')]),
        { tmpDir: join(dataDir, 'tmp') },
        async () => {
          throw new Error('row 1 is invalid');
        },
      ),
    ).rejects.toThrow('row 1 is invalid');
    expect(await stored()).toEqual(before);
  });
});

// Several server processes share one PostgreSQL server: storing content while its last upload is
// deleted elsewhere must keep the blob (and fail neither request). PGlite has one connection, so
// its transactions never interleave.
describe.each(DATABASE_KINDS.filter((kind) => kind === 'postgres'))('blobs under concurrent writers on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write' });
  const dataDir = mkdtempSync(join(tmpdir(), 'churchkey-uploads-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps a blob that a concurrent store takes while its last upload is being deleted', async () => {
    const incidentID = await createIncident(suite.writer, await createOrganization(suite.writer));
    const first = (
      await suite.writer.request({
        method: 'POST',
        url: `/api/incident/${incidentID}/upload`,
        payload: form({ bytes: LOG }),
      })
    ).json().upload;
    const spooled = await spoolBlob(Readable.from([LOG]), join(dataDir, 'tmp'));
    let stored!: () => void;
    let finish!: () => void;
    const blobLocked = new Promise<void>((resolve) => (stored = resolve));
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const store = suite.server.db.transaction(async (tx) => {
      const blob = await saveBlob(tx, spooled);
      stored();
      await gate;
      return insertUpload(tx, {
        incidentId: incidentID,
        blob,
        fileName: 'again.log',
        mediaType: 'text/plain',
        kind: 'text',
        analystId: suite.writer.userID,
      });
    });
    await blobLocked;
    const remove = suite.writer.request({ method: 'DELETE', url: `/api/upload/${first.id}` });
    // The delete's trigger waits for the store's lock on the blob; let the store commit only then.
    while (
      (
        await suite.server.db.query(
          "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        )
      ).length === 0
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    finish();
    const secondID = await store;
    await spooled.discard();
    expect((await remove).statusCode).toBe(200);
    expect(await countRows(suite.server.db, `blobs WHERE sha256 = '${sha256(LOG)}'`)).toBe(1);
    const bytes = await suite.writer.request({ url: `/api/upload/${secondID}/content` });
    expect(sha256(bytes.rawPayload)).toBe(sha256(LOG));
  });
});
