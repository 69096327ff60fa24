/*
 * The map calls end to end on real PGlite (and PostgreSQL when TEST_DATABASE_URL is set): the geo
 * fixtures import with their expected valid and invalid counts (../shared/fixtures/SOURCES.md),
 * every call answers in its shape, and every refusal names its field and stores nothing.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AIRDATA_COLUMNS, AIRDATA_FILE } from '../support/airdata-log.ts';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { addMember, countRows, giveAnalyst, signIn, type Session } from '../support/test-server.ts';

const fixture = (name: string) => readFileSync(join(FIXTURES_DIR, 'geo', name));
const FR24 = fixture('fr24_JAL516_2024-01-02.csv');
const AIRDATA = fixture(AIRDATA_FILE);

function form(bytes: Uint8Array, name: string, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [field, value] of Object.entries(fields)) body.append(field, value);
  body.append('file', new File([new Uint8Array(bytes)], name, { type: 'text/csv' }));
  return body;
}

describe.each(DATABASE_KINDS)('maps on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write', reader: 'read', outsider: 'write' });
  let incidentID: number;
  let otherIncidentID: number;

  const create = (session: Session, incident: number, body: FormData) =>
    session.request({ method: 'POST', url: `/api/incident/${incident}/map`, payload: body });
  const get = (session: Session, path: string, incident = incidentID) =>
    session.request({ url: `/api/incident/${incident}/analyst/${session.userID}/map/${path}` });
  const stored = async () => ({
    maps: await countRows(suite.server.db, 'incident_maps'),
    points: await countRows(suite.server.db, 'map_points'),
    invalid: await countRows(suite.server.db, 'map_invalid_items'),
    uploads: await countRows(suite.server.db, 'uploads'),
    audit: (
      await suite.server.db.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM data_audit WHERE item_type = 'incident_map'",
      )
    )[0]!.count,
  });

  beforeAll(async () => {
    const admin = await signIn(suite.server);
    await giveAnalyst(suite.server, admin, 'admin');
    const organizationID = await createOrganization(suite.writer, 'Aviation');
    await addMember(admin, organizationID, suite.reader);
    incidentID = await createIncident(suite.writer, organizationID, 'Runway collision');
    otherIncidentID = await createIncident(
      suite.outsider,
      await createOrganization(suite.outsider, 'Elsewhere'),
      'Other',
    );
  });

  it('makes a map of the FR24 track with detected columns: 305 valid points, none invalid, every call in its shape', async () => {
    const response = await create(
      suite.writer,
      incidentID,
      form(FR24, 'fr24_JAL516_2024-01-02.csv', { icon: 'airplane', colour: '#C14159' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { map } = response.json();
    expect(map).toMatchObject({
      incidentID,
      name: 'fr24_JAL516_2024-01-02',
      colour: '#C14159',
      icon: 'airplane',
      identifiedColumns: { '0': 'timestamp', '2': 'actor', '3': 'position', '4': 'altitude', '6': 'heading' },
      validPointCount: 305,
      invalidItemCount: 0,
      firstTimestamp: 1_704_180_175_000_000,
      lastTimestamp: 1_704_185_243_000_000,
      upload: { fileName: 'fr24_JAL516_2024-01-02.csv', sizeBytes: FR24.length, isSystem: true, kind: 'text' },
      settings: {
        defaultTimeZone: 'UTC',
        delimiter: 'comma',
        headerRowCount: 1,
        preambleRowCount: 0,
        numericUnit: 'seconds',
      },
    });

    const read = await get(suite.reader, String(map.id));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().map).toEqual(map);

    const points = (await get(suite.reader, `${map.id}/points`)).json().points;
    expect(points.count).toBe(305);
    expect(points.actors).toEqual(['JAL516']);
    expect(points.timestamps[0]).toBe(1_704_180_175_000_000);
    expect([points.latitudes[0], points.longitudes[0], points.headings[0]]).toEqual([42.787994, 141.685074, 73]);
    for (const column of [
      'lines',
      'timestamps',
      'actorIndexes',
      'latitudes',
      'longitudes',
      'altitudes',
      'headings',
      'pitches',
      'rolls',
    ])
      expect(points[column]).toHaveLength(305);

    const window = (
      await get(suite.reader, `${map.id}/points?minTimestamp=1704180458000000&maxTimestamp=1704180480000000`)
    ).json().points;
    expect(window.timestamps).toEqual([1_704_180_458_000_000, 1_704_180_470_000_000, 1_704_180_480_000_000]);

    const page = (await get(suite.reader, `${map.id}/points/page/0`)).json();
    expect(page.validPointCount).toBe(305);
    expect(page.validPoints).toHaveLength(305);
    expect(page.validPoints[0]).toEqual({
      line: 2,
      timestamp: 1_704_180_175_000_000,
      actor: 'JAL516',
      latitude: 42.787994,
      longitude: 141.685074,
      altitude: 0,
      heading: 73,
      pitch: null,
      roll: null,
    });

    expect((await get(suite.reader, `${map.id}/invalid`)).json()).toMatchObject({
      invalidItems: [],
      invalidItemCount: 0,
    });

    const raw = await get(suite.reader, `${map.id}/raw`);
    expect(raw.statusCode).toBe(200);
    expect(createHash('sha256').update(raw.rawPayload).digest('hex')).toBe(
      createHash('sha256').update(FR24).digest('hex'),
    );
    expect(raw.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="fr24_JAL516_2024-01-02.csv"; filename*=UTF-8''fr24_JAL516_2024-01-02.csv`,
    });

    const incident = (await suite.reader.request({ url: `/api/incident/${incidentID}` })).json().incident;
    expect(incident.incidentMaps).toContainEqual({
      id: map.id,
      name: map.name,
      colour: '#C14159',
      icon: 'airplane',
      validPointCount: 305,
      firstTimestamp: map.firstTimestamp,
      lastTimestamp: map.lastTimestamp,
    });

    const audit = await suite.server.db.query<{ action: string; analyst_id: number }>(
      "SELECT action, analyst_id FROM data_audit WHERE item_type = 'incident_map' AND item_id = $1",
      [map.id],
    );
    expect(audit).toEqual([{ action: 'create map', analyst_id: suite.writer.userID }]);
  });

  it('makes a map of the AirData log: 11,498 valid points, the 116 rows without a fix listed with line and reason', async () => {
    const response = await create(suite.writer, incidentID, form(AIRDATA, 'airdata.csv', { name: 'Drone' }));
    expect(response.statusCode, response.body).toBe(201);
    const { map } = response.json();
    expect(map).toMatchObject({
      name: 'Drone',
      validPointCount: 11_498,
      invalidItemCount: 116,
      settings: { altitudeUnit: 'feet' },
    });
    expect(map.identifiedColumns).toMatchObject({ ...AIRDATA_COLUMNS, '0': 'elapsed_milliseconds' });
    const invalid = (await get(suite.reader, `${map.id}/invalid`)).json();
    expect(invalid.invalidItemCount).toBe(116);
    expect(invalid.invalidItems).toHaveLength(116);
    expect(invalid.invalidItems[0]).toEqual({ line: 2, reason: 'has no position fix (latitude and longitude both 0)' });
    const page = (await get(suite.reader, `${map.id}/points/page/0`)).json();
    expect(page.validPointCount).toBe(11_498);
    expect(page.validPoints).toHaveLength(1000);
    expect(page.validPoints[0]).toMatchObject({ line: 118, pitch: -0.9, roll: -1.3 });
  });

  it('pages the points with limit and cursor: every point once, in the order of the whole answer, ties at a page boundary included', async () => {
    // Without its "time(millisecond)" column the log has ten rows to each "datetime(utc)" second: ties.
    const columns = JSON.stringify(AIRDATA_COLUMNS);
    const { map } = (
      await create(suite.writer, incidentID, form(AIRDATA, 'paged.csv', { identifiedColumns: columns }))
    ).json();
    const whole = (await get(suite.reader, `${map.id}/points`)).json();
    expect(whole.nextCursor).toBeUndefined();
    const seen = { timestamps: [] as number[], lines: [] as number[] };
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await get(
        suite.reader,
        `${map.id}/points?limit=997${cursor === null ? '' : `&cursor=${cursor}`}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json();
      expect(answer.points.count).toBeLessThanOrEqual(997);
      seen.timestamps.push(...answer.points.timestamps);
      seen.lines.push(...answer.points.lines);
      cursor = answer.nextCursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(Math.ceil(11_498 / 997));
    expect(seen.timestamps).toEqual(whole.points.timestamps);
    expect(seen.lines).toEqual(whole.points.lines);
    // Read by whole seconds, several rows share a timestamp, so some page boundary falls inside a tie.
    expect(new Set(whole.points.timestamps).size).toBeLessThan(11_498);

    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=100001', 'limit'],
      ['limit=ten', 'limit'],
      ['limit=5&cursor=nope', 'cursor'],
      ['cursor=5_5', 'cursor'],
    ] as const) {
      const refused = await get(suite.reader, `${map.id}/points?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().error.field, query).toBe(field);
    }
  });

  it('takes every setting as a field, as the create-map view sends them', async () => {
    const settings = {
      name: 'JAL516',
      colour: '#0071bf',
      icon: 'airplane',
      defaultTimeZone: 'Asia/Tokyo',
      defaultDate: '',
      delimiter: 'comma',
      headerRowCount: '1',
      preambleRowCount: '0',
      identifiedColumns: '{"1":"timestamp","3":"position","6":"heading"}',
      numericUnit: 'seconds',
      altitudeUnit: 'feet',
    };
    const response = await create(suite.writer, incidentID, form(FR24, 'fr24.csv', settings));
    expect(response.statusCode, response.body).toBe(201);
    const { map } = response.json();
    expect(map).toMatchObject({
      name: 'JAL516',
      icon: 'airplane',
      validPointCount: 305,
      identifiedColumns: { '1': 'timestamp', '3': 'position', '6': 'heading' },
      settings: { defaultDate: null, defaultTimeZone: 'Asia/Tokyo' },
    });
    // "2024-01-02T07:22:55Z" carries its own offset: the default zone does not move it.
    expect(map.firstTimestamp).toBe(1_704_180_175_000_000);
    const page = (await get(suite.reader, `${map.id}/points/page/0`)).json();
    expect(page.validPoints[0]).toMatchObject({ actor: '', altitude: null, heading: 73 });
  });

  it('refuses bad inputs with status, field and reason, and stores nothing', async () => {
    const before = await stored();
    const cases: [Session, number, FormData, number, string | null, RegExp][] = [
      [suite.writer, incidentID, form(FR24, 'a.csv', { icon: 'helicopter' }), 400, 'icon', /circle/],
      [suite.writer, incidentID, form(FR24, 'a.csv', { colour: 'red' }), 400, 'colour', /#rrggbb/],
      [
        suite.writer,
        incidentID,
        form(FR24, 'a.csv', { defaultTimeZone: 'Mars/Olympus' }),
        400,
        'defaultTimeZone',
        /zone table/,
      ],
      [suite.writer, incidentID, form(FR24, 'a.csv', { headerRowCount: '-1' }), 400, 'headerRowCount', /whole number/],
      [
        suite.writer,
        incidentID,
        form(FR24, 'a.csv', { identifiedColumns: '{"0":"timestamp","12":"latitude","13":"longitude"}' }),
        400,
        'identifiedColumns',
        /column 13 is past the last column of the file \(it has 7 columns/,
      ],
      [
        suite.writer,
        incidentID,
        form(FR24, 'a.csv', { identifiedColumns: '{"0":"timestamp"}' }),
        400,
        'identifiedColumns',
        /^the columns chosen need a latitude and a longitude \(or one "lat,lon" position column\)$/,
      ],
      [
        suite.writer,
        incidentID,
        form(FR24, 'a.csv', { identifiedColumns: 'not json' }),
        400,
        'identifiedColumns',
        /JSON/,
      ],
      [
        suite.writer,
        incidentID,
        form(Buffer.from('lat,lon,time\n95,200,yesterday\n'), 'broken.csv', {
          identifiedColumns: '{"0":"latitude","1":"longitude","2":"timestamp"}',
        }),
        400,
        'file',
        /no valid points \(1 invalid; line 2: latitude 95 is out of range/,
      ],
      [
        suite.writer,
        incidentID,
        form(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0x49]), 'image.png'),
        400,
        'file',
        /was not recognised as a track/,
      ],
      [suite.writer, incidentID, form(Buffer.alloc(0), 'empty.csv'), 400, 'file', /empty/],
      [suite.reader, incidentID, form(FR24, 'a.csv'), 403, null, /./],
      [suite.outsider, incidentID, form(FR24, 'a.csv'), 404, null, /incident not found/],
    ];
    for (const [session, incident, body, status, field, reason] of cases) {
      const response = await create(session, incident, body);
      expect(response.statusCode, response.body).toBe(status);
      const { error } = response.json();
      if (field !== null) expect(error.field, response.body).toBe(field);
      expect(error.message, response.body).toMatch(reason);
      // The analyst reads these: no internal setting names.
      expect(error.message, response.body).not.toMatch(/identifiedColumns/);
    }
    expect(await stored()).toEqual(before);
  });

  it('answers 404 for a map of another incident or organization, and 400 for an analystID that is not the acting analyst', async () => {
    const { map } = (await create(suite.writer, incidentID, form(FR24, 'again.csv'))).json();
    expect((await get(suite.outsider, String(map.id))).statusCode).toBe(404);
    expect((await get(suite.outsider, `${map.id}/points`, otherIncidentID)).json().error.message).toBe('map not found');
    expect((await get(suite.writer, '999999')).statusCode).toBe(404);
    const wrongAnalyst = await suite.writer.request({
      url: `/api/incident/${incidentID}/analyst/${suite.reader.userID}/map/${map.id}`,
    });
    expect(wrongAnalyst.statusCode).toBe(400);
    expect(wrongAnalyst.json().error.field).toBe('analystID');
    const badWindow = await get(suite.reader, `${map.id}/points?minTimestamp=soon`);
    expect(badWindow.statusCode).toBe(400);
    expect(badWindow.json().error.field).toBe('minTimestamp');
  });
});
