/*
 * A gzip bomb map over a real socket on both databases (issue 17, expansion): refused with the ratio
 * named, nothing stored, and, while the server unpacks it, another user's read of another incident is
 * answered before the refusal: the unpacking holds neither the server's thread nor PGlite's connection.
 */
import { createHook } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { blobTempDir } from '../../server/repositories/blob-repository.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { fileForm } from '../support/multipart.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useSocketAnalystServer } from '../support/analyst-server.ts';
import { countRows } from '../support/test-server.ts';

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
  const suite = useSocketAnalystServer(kind, { writer: 'write' });
  let target: number;
  let other: number;

  beforeAll(async () => {
    const organization = await createOrganization(suite.writer, 'Fell runners');
    target = await createIncident(suite.writer, organization, 'Lost runner');
    other = await createIncident(suite.writer, organization, 'Read meanwhile');
  });

  const stored = async () => ({
    maps: await countRows(suite.server.db, 'incident_maps'),
    uploads: await countRows(suite.server.db, 'uploads'),
    blobs: await countRows(suite.server.db, 'blobs'),
    points: await countRows(suite.server.db, 'map_points'),
    spooled: (await readdir(blobTempDir(suite.server.config)).catch(() => [] as string[])).filter((name) =>
      name.endsWith('.part'),
    ).length,
  });

  it('is refused by its ratio, keeps nothing, and another user is answered while it unpacks', async () => {
    const bomb = gpxBomb();
    expect(bomb.byteLength).toBeLessThan(4 * 1024 * 1024);
    const read = () => suite.fetchAs(suite.writer, `/api/incident/${other}`);
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
      const response = await suite.fetchAs(suite.writer, `/api/incident/${target}/map`, {
        method: 'POST',
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
