/*
 * Map imports honour the event import's caps (issue 17, expansion), over a real socket on both databases:
 * a small .gpx.gz that unpacks past IMPORT_MAX_INFLATED_BYTES, and a track of more points than
 * IMPORT_MAX_RECORDS, are refused with the setting named, quickly, and leave no map, upload or blob.
 */
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { fileForm } from '../support/multipart.ts';
import { listenOnLoopback } from '../support/raw-socket.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { countRows } from '../support/test-server.ts';

const CAP_BYTES = 8 * 1024 * 1024;
const CAP_RECORDS = 1_000;

const trackPoint = (second: number) =>
  `<trkpt lat="45.${String(second).padStart(6, '0')}" lon="14.0"><time>2024-05-01T10:${String(Math.floor(second / 60) % 60).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}Z</time></trkpt>\n`;
const GPX_HEAD = '<?xml version="1.0"?>\n<gpx version="1.1" creator="test"><trk><name>bomb</name><trkseg>\n';
const GPX_TAIL = '</trkseg></trk></gpx>\n';

/** 24 MiB of GPX (a point, then blank space) that gzips to well under 100 KB. */
function gpxBomb(): Uint8Array {
  const head = Buffer.from(GPX_HEAD + trackPoint(0));
  const padding = Buffer.alloc(24 * 1024 * 1024, 0x20);
  return gzipSync(Buffer.concat([head, padding, Buffer.from(GPX_TAIL)]), { level: 6 });
}

function manyPoints(count: number): Uint8Array {
  let text = GPX_HEAD;
  for (let second = 0; second < count; second++) text += trackPoint(second);
  return Buffer.from(text + GPX_TAIL);
}

describe.each(DATABASE_KINDS)('map imports within the import caps on %s', (kind) => {
  const suite = useAnalystServer(
    kind,
    { writer: 'write' },
    { IMPORT_MAX_INFLATED_BYTES: String(CAP_BYTES), IMPORT_MAX_RECORDS: String(CAP_RECORDS) },
  );
  let port: number;
  let incidentID: number;

  beforeAll(async () => {
    port = await listenOnLoopback(suite.server.app);
    incidentID = await createIncident(
      suite.writer,
      await createOrganization(suite.writer, 'Fell runners'),
      'Lost runner',
    );
  });

  const post = (bytes: Uint8Array, name: string) =>
    fetch(`http://127.0.0.1:${port}/api/incident/${incidentID}/map`, {
      method: 'POST',
      headers: { cookie: suite.writer.cookie, 'x-churchkey-analyst': String(suite.writer.userID) },
      body: fileForm(bytes, name, {}, { type: 'application/gzip' }),
    });
  const stored = async () => ({
    maps: await countRows(suite.server.db, 'incident_maps'),
    uploads: await countRows(suite.server.db, 'uploads'),
    blobs: await countRows(suite.server.db, 'blobs'),
    points: await countRows(suite.server.db, 'map_points'),
  });

  it('refuses a gzip bomb GPX that unpacks past IMPORT_MAX_INFLATED_BYTES, naming it, and keeps nothing', async () => {
    const bomb = gpxBomb();
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    const before = await stored();
    const response = await post(bomb, 'morning-run.gpx.gz');
    const answer = ((await response.json()) as { error: { message: string; field: string } }).error;
    expect([400, 413]).toContain(response.status);
    expect(answer.field).toBe('file');
    expect(answer.message).toContain('would unpack to more than 8 MiB');
    expect(answer.message).toContain('IMPORT_MAX_INFLATED_BYTES');
    expect(await stored()).toEqual(before);
  });

  it('refuses a track of more points than IMPORT_MAX_RECORDS with 413, naming it, and keeps nothing', async () => {
    const before = await stored();
    const response = await post(manyPoints(CAP_RECORDS + 500), 'long-run.gpx');
    const answer = ((await response.json()) as { error: { message: string; field: string } }).error;
    expect(response.status).toBe(413);
    expect(answer.message).toBe('file has more than 1,000 records, the most one import takes (IMPORT_MAX_RECORDS)');
    expect(await stored()).toEqual(before);
  });

  it('still makes a map of a track within the caps', async () => {
    const response = await post(gzipSync(manyPoints(CAP_RECORDS - 1)), 'short-run.gpx.gz');
    expect(response.status, await response.clone().text()).toBe(201);
    const { map } = (await response.json()) as { map: { validPointCount: number } };
    expect(map.validPointCount).toBe(CAP_RECORDS - 1);
  });
});
