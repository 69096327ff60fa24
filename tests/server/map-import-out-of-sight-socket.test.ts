/*
 * A map import never stalls other users (issue 17): over a real socket, while a large generated track is
 * imported, another analyst's read of another incident is answered before the import is; meanwhile the
 * map is nowhere to be seen, then whole; and a killed import's hidden map is swept at start.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { beginImport, sweepAbandonedImports } from '../../server/import/hidden-import.ts';
import { nowMicros } from '../../server/time.ts';
import { useSocketAnalystServer } from '../support/analyst-server.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { fileForm } from '../support/multipart.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { countRows, type Session } from '../support/test-server.ts';

const POINTS = 100_000;

/** A GPX track of `points` points a second apart, walking north-east. */
function gpxTrack(points: number): Uint8Array {
  const lines = ['<?xml version="1.0"?>', '<gpx version="1.1" creator="test"><trk><name>long run</name><trkseg>'];
  const start = Date.UTC(2024, 4, 1, 10, 0, 0);
  for (let point = 0; point < points; point += 1) {
    const step = point * 1e-5;
    lines.push(
      `<trkpt lat="${(45 + step).toFixed(6)}" lon="${(14 + step).toFixed(6)}"><ele>${100 + (point % 50)}</ele>` +
        `<time>${new Date(start + point * 1000).toISOString()}</time></trkpt>`,
    );
  }
  lines.push('</trkseg></trk></gpx>');
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

interface IncidentAnswer {
  incident: { name: string; incidentMaps: { id: number; validPointCount: number }[] };
}

describe.each(DATABASE_KINDS)('a map import on %s', (kind) => {
  const suite = useSocketAnalystServer(kind, { importer: 'write', reader: 'write' });
  let organizationID: number;

  beforeAll(async () => {
    organizationID = await createOrganization(suite.importer, 'Fell runners');
  });

  const readIncident = async (session: Session, incidentID: number) => {
    const answer = await suite.fetchAs(session, `/api/incident/${incidentID}`);
    expect(answer.status).toBe(200);
    return ((await answer.json()) as IncidentAnswer).incident;
  };
  const hiddenPoints = () =>
    countRows(suite.server.db, 'map_points p JOIN incident_maps m ON m.id = p.map_id WHERE m.import_id IS NOT NULL');

  it(`answers another incident's read before a ${POINTS.toLocaleString('en-US')}-point track is in, and shows the map only whole`, async () => {
    const target = await createIncident(suite.importer, organizationID, 'Lost runner');
    const other = await createIncident(
      suite.reader,
      await createOrganization(suite.reader, 'Elsewhere'),
      'Read meanwhile',
    );
    const order: string[] = [];
    const importing = suite
      .fetchAs(suite.importer, `/api/incident/${target}/map`, {
        method: 'POST',
        body: fileForm(gpxTrack(POINTS), 'long-run.gpx'),
      })
      .then(async (response) => {
        order.push('import');
        return {
          status: response.status,
          body: (await response.json()) as { map: { id: number; validPointCount: number } },
        };
      });
    // Until points are written out of sight, the importer's own reads of the incident show no map at all.
    while ((await hiddenPoints()) === 0) {
      if (order.includes('import')) throw new Error('the import ended before its points were seen being written');
      expect((await readIncident(suite.importer, target)).incidentMaps).toEqual([]);
    }
    const read = await readIncident(suite.reader, other);
    order.push('read');
    expect(read.name).toBe('Read meanwhile');
    expect((await readIncident(suite.importer, target)).incidentMaps).toEqual([]);
    const imported = await importing;
    expect(imported.status).toBe(201);
    expect(imported.body.map.validPointCount).toBe(POINTS);
    expect(order).toEqual(['read', 'import']);
    const shown = (await readIncident(suite.importer, target)).incidentMaps;
    expect(shown.map((map) => [map.id, map.validPointCount])).toEqual([[imported.body.map.id, POINTS]]);
    expect(await hiddenPoints()).toBe(0);
    expect(await countRows(suite.server.db, 'imports')).toBe(0);
  }, 300_000);

  it("sweeps a killed import's hidden map at start, and it was never shown", async () => {
    const target = await createIncident(suite.importer, organizationID, 'Killed import');
    const { db } = suite.server;
    // What a process killed mid-import leaves: its import row (no heartbeat since), a hidden map and its points.
    const mapId = await db.transaction(async (tx) => {
      const importId = await beginImport(tx, target, 0);
      const [row] = await tx.query<{ id: number | string }>(
        `INSERT INTO incident_maps (incident_id, upload_id, name, colour, icon, settings, valid_point_count, invalid_item_count, analyst_id, created_micros, import_id)
         VALUES ($1, NULL, 'half a run', '#C14159', 'circle', '{}', 0, 0, NULL, 0, $2) RETURNING id`,
        [target, importId],
      );
      const id = Number(row!.id);
      await tx.query(
        `INSERT INTO map_points (map_id, seq, line, at_micros, actor, latitude, longitude)
         SELECT $1, g, g + 1, 1714557600000000 + g::bigint * 1000000, '', 45, 14 FROM generate_series(0, 12344) g`,
        [id],
      );
      await tx.query("INSERT INTO map_invalid_items (map_id, line, reason) VALUES ($1, 99999, 'no time')", [id]);
      return id;
    });
    expect((await readIncident(suite.importer, target)).incidentMaps).toEqual([]);
    const mapAnswer = await suite.fetchAs(
      suite.importer,
      `/api/incident/${target}/analyst/${suite.importer.userID}/map/${mapId}`,
    );
    expect(mapAnswer.status).toBe(404);
    expect(await sweepAbandonedImports(db, nowMicros())).toBe(1);
    expect(await countRows(db, `map_points WHERE map_id = ${mapId}`)).toBe(0);
    expect(await countRows(db, `map_invalid_items WHERE map_id = ${mapId}`)).toBe(0);
    expect(await countRows(db, `incident_maps WHERE id = ${mapId}`)).toBe(0);
    expect(await countRows(db, 'imports')).toBe(0);
  });
});
