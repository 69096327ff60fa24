import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvTimestamp, writeMapPointsFile } from '../../server/demo/map-points-file.ts';
import { copyText } from '../../server/db/copy-text.ts';
import { generateIncident, GENERATED_ORGANIZATION_NAME } from '../../server/demo/synthetic-incident.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';

describe.each(DATABASE_KINDS)('the generator on %s', (kind) => {
  const suite = useAnalystServer(kind, { admin: 'admin' });

  it('writes 5,000 events with COPY on every stream, and the incident summary counts them', async () => {
    const progress: number[] = [];
    const generated = await generateIncident(suite.server.db, {
      events: 5000,
      batchRows: 1000,
      seed: 7,
      onProgress: (_phase, done) => progress.push(done),
    });
    expect(progress).toEqual([1000, 2000, 3000, 4000, 5000]);
    expect(generated).toMatchObject({ events: 5000, markers: 4, streams: 12, actors: 40 });

    const response = await suite.admin.request({ url: `/api/incident/${generated.incidentId}` });
    expect(response.statusCode).toBe(200);
    const incident = response.json().incident;
    expect(incident.organizationName).toBe(GENERATED_ORGANIZATION_NAME);
    const [expected] = await suite.server.db.query<{ human_events: number; actor_events: number; bots: number }>(
      `SELECT count(*) FILTER (WHERE a.id IS NOT NULL AND NOT a.is_bot)::int AS human_events, count(a.id)::int AS actor_events,
              (SELECT count(*)::int FROM incident_actors b WHERE b.incident_id = $1 AND b.is_bot) AS bots
         FROM events e LEFT JOIN incident_actors a ON a.id = e.actor_id WHERE e.incident_id = $1`,
      [generated.incidentId],
    );
    expect(incident.counts).toEqual({
      events: 5004,
      streams: 12,
      uploads: 0,
      actorEventCount: 5000,
      eventNoteCount: 0,
      humanActorCount: 30,
      humanActorEventCount: expected!.human_events,
    });
    expect(expected!.actor_events).toBe(5000);
    expect(expected!.bots).toBe(10);
    expect(incident.events).toHaveLength(5004);
    expect(incident.firstTimestamp).toBeGreaterThanOrEqual(generated.startMicros);
    expect(incident.lastTimestamp).toBeLessThanOrEqual(generated.endMicros + 3600 * 1_000_000);
    const streams = incident.streams as Array<{ isMarkerStream: boolean; eventCount: number }>;
    expect(streams.filter((s) => !s.isMarkerStream)).toHaveLength(12);
    expect(streams.every((s) => s.eventCount > 0)).toBe(true);
    expect((incident.actors as Array<{ eventCount: number }>).every((a) => a.eventCount > 0)).toBe(true);
    const events = incident.events as Array<{ startTimestamp: number; endTimestamp: number }>;
    expect(events.some((e) => e.endTimestamp > e.startTimestamp)).toBe(true);

    const [missing] = await suite.server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM events WHERE incident_id = $1 AND search_vector IS NULL',
      [generated.incidentId],
    );
    expect(missing!.count).toBe(0);
    const found = await suite.admin.request({
      url: `/api/events/search?q=rollback&incidentID=${generated.incidentId}`,
    });
    expect(found.json().total).toBeGreaterThan(0);
  });

  it('computes the same search data while inserting as the UPDATE afterwards', async () => {
    const staged = await generateIncident(suite.server.db, {
      events: 600,
      seed: 3,
      searchMode: 'staging',
      incidentName: 'staged',
    });
    const updated = await generateIncident(suite.server.db, {
      events: 600,
      seed: 3,
      searchMode: 'update',
      incidentName: 'updated',
    });
    const rows = await suite.server.db.query<{ differing: number; compared: number }>(
      `SELECT count(*) FILTER (WHERE a.search_vector IS DISTINCT FROM b.search_vector)::int AS differing, count(*)::int AS compared
         FROM events a JOIN events b ON b.source_line = a.source_line AND b.incident_id = $2
        WHERE a.incident_id = $1`,
      [staged.incidentId, updated.incidentId],
    );
    expect(rows[0]).toEqual({ differing: 0, compared: 600 });
  });

  it('writes map points as a geo CSV', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'churchkey-points-'));
    try {
      const path = join(dir, 'generated', 'points.csv');
      const start = Date.UTC(2024, 5, 4, 9) * 1000;
      const bytes = await writeMapPointsFile(path, {
        points: 1200,
        startMicros: start,
        endMicros: start + 3600 * 1_000_000,
        seed: 1,
      });
      const text = await readFile(path, 'utf8');
      expect(Buffer.byteLength(text)).toBe(bytes);
      const lines = text.trimEnd().split('\n');
      expect(lines[0]).toBe('timestamp,actor,latitude,longitude,altitude,heading,pitch,roll');
      expect(lines).toHaveLength(1201);
      for (const line of lines.slice(1)) {
        const [timestamp, , latitude, longitude, ...rest] = line.split(',');
        expect(timestamp).toMatch(/^2024-06-04 (09|10):\d{2}:\d{2}\.\d{6}$/);
        expect(Math.abs(Number(latitude) - 52.31)).toBeLessThan(0.5);
        expect(Math.abs(Number(longitude) - 4.77)).toBeLessThan(0.5);
        expect(rest.every((value) => Number.isFinite(Number(value)))).toBe(true);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('generator text', () => {
  it('escapes COPY text and formats CSV timestamps', () => {
    expect(copyText('plain')).toBe('plain');
    expect(copyText('a\tb\nc\\d\re')).toBe('a\\tb\\nc\\\\d\\re');
    expect(csvTimestamp(Date.UTC(2024, 0, 2, 3, 4, 5) * 1000 + 6)).toBe('2024-01-02 03:04:05.000006');
  });
});
