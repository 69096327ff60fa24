/*
 * PUT /api/event/{id}/symbol: a marker's symbol (circle, airplane, rocket) lands in its extra and
 * is audited; a non-marker, an unknown symbol, a reader and another organization's marker are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createIncident, createOrganization, createStream } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { giveAnalyst, signIn, startTestServer, type Session, type TestServer } from '../support/test-server.ts';

const T0 = 1_700_000_000_000_000;

describe.each(DATABASE_KINDS)('marker symbols on %s', (kind) => {
  let server: TestServer;
  let writer: Session;
  let reader: Session;
  let outsider: Session;
  beforeAll(async () => {
    server = await startTestServer(kind);
    writer = await signIn(server);
    reader = await signIn(server);
    outsider = await signIn(server);
    await giveAnalyst(server, writer, 'write');
    await giveAnalyst(server, reader, 'read');
    await giveAnalyst(server, outsider, 'write');
  });
  afterAll(async () => server?.close());

  async function setUp() {
    const organizationID = await createOrganization(writer, 'Field ops');
    const incidentID = await createIncident(writer, organizationID, 'Hard landing');
    const streamID = await createStream(writer, incidentID, 'radio');
    const eventID = await createEvent(writer, incidentID, { streamID, message: 'motors armed', startTimestamp: T0 });
    const marker = await writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/marker`,
      payload: { message: 'Take-off', startTimestamp: T0 + 1_000_000 },
    });
    expect(marker.statusCode, marker.body).toBe(201);
    return { organizationID, incidentID, eventID, markerID: marker.json().event.id as number };
  }

  it('keeps the symbol in the marker and audits it', async () => {
    const { markerID } = await setUp();
    const response = await writer.request({
      method: 'PUT',
      url: `/api/event/${markerID}/symbol`,
      payload: { symbol: 'airplane' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().event).toEqual({ id: markerID, symbol: 'airplane' });
    const event = (await writer.request({ url: `/api/event/${markerID}` })).json().event;
    expect(event.extra).toEqual({ symbol: 'airplane' });
    const audit = (await writer.request({ url: `/api/audit/data?itemType=event&itemID=${markerID}` })).json().entries;
    expect(audit[0]).toMatchObject({ action: 'set marker symbol', detail: { symbol: 'airplane' } });
  });

  it('refuses an unknown symbol, a non-marker, a reader and another organization', async () => {
    const { markerID, eventID } = await setUp();
    const bad = await writer.request({
      method: 'PUT',
      url: `/api/event/${markerID}/symbol`,
      payload: { symbol: 'balloon' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('symbol');
    const notMarker = await writer.request({
      method: 'PUT',
      url: `/api/event/${eventID}/symbol`,
      payload: { symbol: 'circle' },
    });
    expect(notMarker.statusCode).toBe(400);
    expect(notMarker.json().error).toMatchObject({
      field: 'eventID',
      message: 'eventID is not a marker; only markers take a symbol',
    });
    expect((await writer.request({ url: `/api/event/${eventID}` })).json().event.extra).toBeNull();
    const asReader = await reader.request({
      method: 'PUT',
      url: `/api/event/${markerID}/symbol`,
      payload: { symbol: 'rocket' },
    });
    expect(asReader.statusCode).toBe(403);
    const elsewhere = await outsider.request({
      method: 'PUT',
      url: `/api/event/${markerID}/symbol`,
      payload: { symbol: 'rocket' },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await writer.request({ url: `/api/event/${markerID}` })).json().event.extra).toBeNull();
  });
});
