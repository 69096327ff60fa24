/*
 * PUT /api/event/{id}/symbol: a marker's symbol (circle, airplane, rocket) lands in its extra and
 * is audited; a non-marker, an unknown symbol, a reader and another organization's marker are refused.
 */
import { describe, expect, it } from 'vitest';
import { createEvent, createIncident, createOrganization, createStream } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';

const T0 = 1_700_000_000_000_000;

describe.each(DATABASE_KINDS)('marker symbols on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write', reader: 'read', outsider: 'write' });

  async function setUp() {
    const organizationID = await createOrganization(suite.writer, 'Field ops');
    const incidentID = await createIncident(suite.writer, organizationID, 'Hard landing');
    const streamID = await createStream(suite.writer, incidentID, 'radio');
    const eventID = await createEvent(suite.writer, incidentID, {
      streamID,
      message: 'motors armed',
      startTimestamp: T0,
    });
    const marker = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/marker`,
      payload: { message: 'Take-off', startTimestamp: T0 + 1_000_000 },
    });
    expect(marker.statusCode, marker.body).toBe(201);
    return { organizationID, incidentID, eventID, markerID: marker.json().event.id as number };
  }

  it('keeps the symbol in the marker and audits it', async () => {
    const { markerID } = await setUp();
    const response = await suite.writer.request({
      method: 'PUT',
      url: `/api/event/${markerID}/symbol`,
      payload: { symbol: 'airplane' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().event).toEqual({ id: markerID, symbol: 'airplane' });
    const event = (await suite.writer.request({ url: `/api/event/${markerID}` })).json().event;
    expect(event.extra).toEqual({ symbol: 'airplane' });
    const audit = (await suite.writer.request({ url: `/api/audit/data?itemType=event&itemID=${markerID}` })).json()
      .entries;
    expect(audit[0]).toMatchObject({ action: 'set marker symbol', detail: { symbol: 'airplane' } });
  });

  it('refuses an unknown symbol, a non-marker, a reader and another organization', async () => {
    const { markerID, eventID } = await setUp();
    const bad = await suite.writer.request({
      method: 'PUT',
      url: `/api/event/${markerID}/symbol`,
      payload: { symbol: 'balloon' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('symbol');
    const notMarker = await suite.writer.request({
      method: 'PUT',
      url: `/api/event/${eventID}/symbol`,
      payload: { symbol: 'circle' },
    });
    expect(notMarker.statusCode).toBe(400);
    expect(notMarker.json().error).toMatchObject({
      field: 'eventID',
      message: 'eventID is not a marker; only markers take a symbol',
    });
    expect((await suite.writer.request({ url: `/api/event/${eventID}` })).json().event.extra).toBeNull();
    const asReader = await suite.reader.request({
      method: 'PUT',
      url: `/api/event/${markerID}/symbol`,
      payload: { symbol: 'rocket' },
    });
    expect(asReader.statusCode).toBe(403);
    const elsewhere = await suite.outsider.request({
      method: 'PUT',
      url: `/api/event/${markerID}/symbol`,
      payload: { symbol: 'rocket' },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await suite.writer.request({ url: `/api/event/${markerID}` })).json().event.extra).toBeNull();
  });
});
