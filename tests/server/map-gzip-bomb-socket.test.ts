/*
 * A gzip bomb map over a real socket on both databases (issue 17, expansion): refused with the ratio
 * named, nothing stored, and, while the server unpacks it, another user's read of another incident is
 * answered before the refusal: the unpacking holds neither the server's thread nor PGlite's connection.
 */
import { createHook } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobTempDir } from '../../server/repositories/blob-repository.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { fileForm } from '../support/multipart.ts';
import { portOf } from '../support/raw-socket.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import {
  countRows,
  giveAnalyst,
  signIn,
  startTestServer,
  type Session,
  type TestServer,
} from '../support/test-server.ts';

const GPX_HEAD =
  '<?xml version="1.0"?>\n<gpx version="1.1" creator="test"><trk><name>bomb</name><trkseg>\n' +
  '<trkpt lat="45.1" lon="14.0"><time>2024-05-01T10:00:00Z</time></trkpt>\n';

/**
 * A track, 4 MiB of noise in a comment (so the ratio shows only after about 220 MiB are unpacked: a long
 * refusal, with thousands of turns of the event loop in it), then 1 GiB of blank space: 64 gzip members of 16 MiB.
 */
function gpxBomb(): Buffer {
  const noise = randomBytes(2 * 1024 * 1024).toString('hex');
  const members = [gzipSync(`${GPX_HEAD}<!-- ${noise} -->\n`)];
  const blank = gzipSync(Buffer.alloc(16 * 1024 * 1024, 0x20), { level: 9 });
  for (let member = 0; member < 64; member++) members.push(blank);
  return Buffer.concat(members);
}

/** Calls `onStart` the first time this process starts unpacking gzip after `arm()`. */
function zlibWatch(onStart: () => void) {
  let armed = false;
  const hook = createHook({
    init(_id, type) {
      if (!armed || type !== 'ZLIB') return;
      armed = false;
      setImmediate(onStart);
    },
  }).enable();
  return { arm: () => (armed = true), stop: () => hook.disable() };
}

describe.each(DATABASE_KINDS)('a gzip bomb map on %s', (kind) => {
  let server: TestServer;
  let session: Session;
  let base: string;
  let target: number;
  let other: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${portOf(server.app.server.address())}`;
    session = await signIn(server);
    await giveAnalyst(server, session, 'write');
    const organization = await createOrganization(session, 'Fell runners');
    target = await createIncident(session, organization, 'Lost runner');
    other = await createIncident(session, organization, 'Read meanwhile');
  });
  afterAll(() => server?.close());

  const headers = () => ({ cookie: session.cookie, 'x-churchkey-analyst': String(session.userID) });
  const stored = async () => ({
    maps: await countRows(server.db, 'incident_maps'),
    uploads: await countRows(server.db, 'uploads'),
    blobs: await countRows(server.db, 'blobs'),
    points: await countRows(server.db, 'map_points'),
    spooled: (await readdir(blobTempDir(server.config)).catch(() => [] as string[])).filter((name) =>
      name.endsWith('.part'),
    ).length,
  });

  it('is refused by its ratio, keeps nothing, and another user is answered while it unpacks', async () => {
    const bomb = gpxBomb();
    expect(bomb.byteLength).toBeLessThan(4 * 1024 * 1024);
    const read = () => fetch(`${base}/api/incident/${other}`, { headers: headers() });
    // Warm: the read's code and connections ready, so what it waits for below is the server alone.
    expect((await read()).status).toBe(200);
    const before = await stored();
    const order: string[] = [];
    let meanwhile: Promise<void> | undefined;
    const watch = zlibWatch(() => {
      meanwhile = read().then(async (answer) => {
        const body = (await answer.json()) as { incident: { name: string } };
        order.push(`read ${answer.status} ${body.incident.name}`);
      });
    });
    try {
      watch.arm();
      const response = await fetch(`${base}/api/incident/${target}/map`, {
        method: 'POST',
        headers: headers(),
        body: fileForm(bomb, 'morning-run.gpx.gz', {}, { type: 'application/gzip' }),
      });
      const answer = ((await response.json()) as { error: { message: string; field: string } }).error;
      order.push(`refused ${response.status}`);
      expect(answer.field).toBe('file');
      expect(answer.message).toMatch(/^file: The gzip file would unpack to more than 100× its size \(.+ so far\)/);
      expect(answer.message).toContain('looks like a zip bomb');
      await meanwhile;
    } finally {
      watch.stop();
    }
    expect(order).toEqual(['read 200 Read meanwhile', 'refused 400']);
    expect(await stored()).toEqual(before);
  });
});
