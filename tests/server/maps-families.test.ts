/*
 * POST /api/incident/{id}/map with track files and no settings at all (real PGlite, and PostgreSQL
 * when TEST_DATABASE_URL is set): the format is detected and the file read into points, untimed
 * points stored as invalid rows with their reason. Expected values read off the fixtures by hand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { KORITA_GPX, mapOfTrack, NEW_ZEALAND_IGC } from '../support/track-fixtures.ts';

const KORITA = readFileSync(join(FIXTURES_DIR, KORITA_GPX.path));
const IGC = readFileSync(join(FIXTURES_DIR, NEW_ZEALAND_IGC.path));

function form(bytes: Uint8Array, name: string, type: string): FormData {
  const body = new FormData();
  body.append('file', new File([new Uint8Array(bytes)], name, { type }));
  return body;
}

describe.each(DATABASE_KINDS)('maps of track files on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write' });
  let incidentID: number;

  const create = (body: FormData) =>
    suite.writer.request({ method: 'POST', url: `/api/incident/${incidentID}/map`, payload: body });
  /** The map made from `body`, once the server answered 201. */
  const created = async (body: FormData) => {
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().map;
  };
  const get = (path: string) =>
    suite.writer.request({ url: `/api/incident/${incidentID}/analyst/${suite.writer.userID}/map/${path}` });

  beforeAll(async () => {
    incidentID = await createIncident(
      suite.writer,
      await createOrganization(suite.writer, 'Gliding club'),
      'Outlanding',
    );
  });

  it('a GPSBabel GPX with no settings: 513 timed points, the 358 untimed ones invalid with their track', async () => {
    const map = await created(form(KORITA, 'gpxpy_korita_zbevnica.gpx', 'application/gpx+xml'));
    expect(map).toMatchObject({ name: 'gpxpy_korita_zbevnica', ...mapOfTrack(KORITA_GPX) });
    const invalid = (await get(`${map.id}/invalid`)).json();
    expect(invalid.invalidItems[0]).toEqual({ line: 33, reason: 'point 1 of track "03-OCT-10 #2" has no time' });
    const points = (await get(`${map.id}/points`)).json().points;
    expect(points.actors.sort()).toEqual(['ACTIVE LOG', 'ACTIVE LOG #2']);
    expect([points.latitudes[0], points.longitudes[0], points.altitudes[0]]).toEqual([
      45.452595614, 14.018194014, 753.330322,
    ]);
  });

  it('an IGC flight log with no settings: 5,367 fixes across UTC midnight, an airplane icon', async () => {
    const map = await created(form(IGC, 'igc_new_zealand.igc', 'application/octet-stream'));
    expect(map).toMatchObject({ icon: 'airplane', ...mapOfTrack(NEW_ZEALAND_IGC) });
    const page = (await get(`${map.id}/points/page/0`)).json();
    expect(page.validPoints[0]).toMatchObject({ line: 15, actor: 'AA', altitude: 458 });
  });

  it('a GPX written on one line: its timed points read, each untimed point of the line listed as invalid', async () => {
    const oneLine =
      '<?xml version="1.0"?><gpx version="1.1" creator="OsmAnd" xmlns="http://www.topografix.com/GPX/1/1">' +
      '<wpt lat="47.3769" lon="8.5417"><time>2024-03-05T10:11:12Z</time><name>Start</name></wpt>' +
      '<wpt lat="47.3800" lon="8.5500"><time>2024-03-05T10:20:00Z</time><name>End</name></wpt>' +
      '<rte><name>Way back</name><rtept lat="47.3800" lon="8.5500"/><rtept lat="47.3769" lon="8.5417"/></rte></gpx>';
    const map = await created(form(Buffer.from(oneLine), 'osmand-route.gpx', 'application/gpx+xml'));
    expect(map).toMatchObject({ validPointCount: 2, invalidItemCount: 2 });
    const invalid = (await get(`${map.id}/invalid`)).json();
    expect(invalid.invalidItems).toEqual([
      { line: 1, reason: expect.stringContaining('point 1 of route') },
      { line: 1, reason: expect.stringContaining('point 2 of route') },
    ]);
  });

  it("names what is wrong with a chosen format in the analyst's words", async () => {
    const body = form(KORITA, 'track.gpx', 'application/gpx+xml');
    body.append('format', 'csv');
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).not.toMatch(/identifiedColumns/);
  });

  it('an NMEA log of GGA alone is refused for want of a date, then read on the default date the analyst gives', async () => {
    const nmea = Buffer.from(
      [
        '$GPGGA,235959.00,4000.000,N,00300.000,W,1,08,0.9,10.0,M,,M,,*56',
        '$GPGGA,000000.00,4000.001,N,00300.001,W,1,08,0.9,10.5,M,,M,,*52',
      ].join('\r\n'),
    );
    const refused = await create(form(nmea, 'survey.nmea', 'text/plain'));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.message).toContain('the map no default year-month-day');
    // The settings come before the file part, as the form sends them.
    const dated = new FormData();
    dated.append('defaultDate', '2021-03-12');
    dated.append('file', new File([new Uint8Array(nmea)], 'survey.nmea', { type: 'text/plain' }));
    const map = await created(dated);
    expect(map).toMatchObject({ validPointCount: 2, invalidItemCount: 0 });
    const page = (await get(`${map.id}/points/page/0`)).json();
    expect(page.validPoints.map((point: { timestamp: number }) => point.timestamp)).toEqual([
      Date.parse('2021-03-12T23:59:59Z') * 1000,
      Date.parse('2021-03-13T00:00:00Z') * 1000,
    ]);
  });

  it('a CSV track timed in epoch milliseconds is stored with that unit and its times', async () => {
    const csv = Buffer.from('time,lat,lon,alt\n1700000000000,52.1,4.3,10\n1700000001500,52.2,4.4,11\n');
    const map = await created(form(csv, 'phone.csv', 'text/csv'));
    expect(map).toMatchObject({ validPointCount: 2, invalidItemCount: 0 });
    expect(map.settings.numericUnit).toBe('milliseconds');
    const page = (await get(`${map.id}/points/page/0`)).json();
    expect(page.validPoints.map((point: { timestamp: number }) => point.timestamp)).toEqual([
      1_700_000_000_000_000, 1_700_000_001_500_000,
    ]);
  });

  it("a FIT activity converted by Garmin's FitCSVTool is a track; a record without a position is listed as invalid", async () => {
    const csv = Buffer.from(
      [
        'Type,Local Number,Message,Field 1,Value 1,Units 1,Field 2,Value 2,Units 2,Field 3,Value 3,Units 3,',
        'Data,0,file_id,manufacturer,"garmin",,type,"activity",,,,,',
        'Data,1,record,timestamp,"1034528400",s,position_lat,"495280430",semicircles,position_long,"-982696131",semicircles,',
        'Data,2,record,timestamp,"1034528401",s,heart_rate,"141",bpm,,,,',
        'Data,1,record,timestamp,"1034528402",s,position_lat,"495280610",semicircles,position_long,"-982695931",semicircles,',
      ].join('\n'),
    );
    const map = await created(form(csv, 'Morning_Ride.csv', 'text/csv'));
    expect(map).toMatchObject({ validPointCount: 2, invalidItemCount: 1 });
    expect(map.settings.format).toBe('fit-csv');
    const page = (await get(`${map.id}/points/page/0`)).json();
    expect(page.validPoints.map((point: { timestamp: number }) => point.timestamp)).toEqual([
      Date.parse('2022-10-12T17:00:00Z') * 1000,
      Date.parse('2022-10-12T17:00:02Z') * 1000,
    ]);
    const invalid = (await get(`${map.id}/invalid`)).json();
    expect(invalid.invalidItems).toEqual([
      {
        line: 4,
        reason:
          'record 2 has no position (position_lat and position_long are not in it: a sensor reading without a GPS fix)',
      },
    ]);
  });
});
