/*
 * The columnar wire: a page of events encoded on the server and decoded as the browser does comes
 * back as the same rows (messages in any script, extra data, an empty page); a frame that is cut,
 * foreign, of another version or inconsistent is refused with the analyst's explanation; and the
 * events route answers columns only to a client that asks, JSON to every other.
 */
import { describe, expect, it } from 'vitest';
import { EVENT_COLUMNS_MEDIA_TYPE } from '../../domain/events/event-columns.ts';
import { decodeEventColumns, EventColumnsFormatError } from '../../domain/events/event-columns-decoder.ts';
import { rowsOfColumns } from '../../domain/events/event-columns-rows.ts';
import type { EventRow } from '../../domain/event.ts';
import { encodeEventColumns } from '../../server/wire/event-columns-encoder.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';

const T0 = 1_700_000_000_000_000;

const rows: EventRow[] = [
  {
    id: 1,
    streamID: 3,
    actorID: 0,
    isMarker: true,
    message: 'Impact',
    startTimestamp: T0,
    endTimestamp: T0,
    extra: null,
  },
  {
    id: 2,
    streamID: 4,
    actorID: 7,
    isMarker: false,
    message: 'Zürich → 東京 🚒',
    startTimestamp: T0 + 1,
    endTimestamp: T0 + 90_000_000,
    extra: { status: '502', timings: { wait: 12.5 } },
  },
  {
    id: 9_007_199_254_740,
    streamID: 2_000_000_000,
    actorID: 5,
    isMarker: false,
    message: '',
    startTimestamp: T0 + 1,
    endTimestamp: T0 + 2,
    extra: null,
  },
];

const arrayBufferOf = (buffer: Buffer): ArrayBuffer =>
  buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;

describe('the columnar event frame', () => {
  it('comes back as the rows it was made of, with the page details', () => {
    const page = decodeEventColumns(arrayBufferOf(encodeEventColumns(rows, { nextCursor: '17.2', version: 'v1' })));
    expect(page.nextCursor).toBe('17.2');
    expect(page.version).toBe('v1');
    expect(page.columns.count).toBe(3);
    expect(rowsOfColumns(page.columns)).toEqual(rows);
  });

  it('carries an empty last page', () => {
    const page = decodeEventColumns(arrayBufferOf(encodeEventColumns([], { nextCursor: null, version: 'v1' })));
    expect(page).toMatchObject({ nextCursor: null, columns: { count: 0 } });
    expect(rowsOfColumns(page.columns)).toEqual([]);
  });

  it('refuses a frame that is cut, foreign, of another version or inconsistent, saying what to do', () => {
    const good = encodeEventColumns(rows, { nextCursor: null, version: 'v1' });
    const refused = (bytes: Buffer) => {
      try {
        decodeEventColumns(arrayBufferOf(bytes));
      } catch (error) {
        expect(error).toBeInstanceOf(EventColumnsFormatError);
        expect((error as Error).message).toMatch(/cannot read .*Reload the page/);
        return (error as Error).message;
      }
      throw new Error('the frame was accepted');
    };
    expect(refused(good.subarray(0, 10))).toContain('too short');
    expect(refused(good.subarray(0, good.length - 1))).toContain('length does not match');
    const foreign = Buffer.from(good);
    foreign.write('JSON', 0, 'latin1');
    expect(refused(foreign)).toContain('not an event frame');
    const newer = Buffer.from(good);
    newer.writeUInt16LE(2, 4);
    expect(refused(newer)).toContain('frame version 2');
    const lying = Buffer.from(good);
    lying.writeUInt32LE(4, 8);
    expect(refused(lying)).toContain('length does not match');
    expect(() => decodeEventColumns(new TextEncoder().encode('{"events":[]}').buffer)).toThrow(EventColumnsFormatError);
  });
});

describe.each(DATABASE_KINDS)('the events route on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write' });

  it('answers columns to a client that asks and JSON to every other, holding the same events and cursor', async () => {
    const incidentID = await createIncident(suite.writer, await createOrganization(suite.writer, 'Columns'), 'Columns');
    for (const [index, message] of ['Impact', 'Paged — on call', 'Recovered ✓'].entries()) {
      const response = await suite.writer.request({
        method: 'POST',
        url: `/api/incident/${incidentID}/marker`,
        payload: { message, startTimestamp: T0 + index },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const url = `/api/incident/${incidentID}/events?limit=2`;
    const json = await suite.writer.request({ url });
    expect(json.headers['content-type']).toContain('application/json');
    const jsonPage = json.json() as { events: EventRow[]; nextCursor: string; version: string };
    const binary = await suite.writer.request({
      url,
      headers: { accept: `${EVENT_COLUMNS_MEDIA_TYPE}, application/json;q=0.5` },
    });
    expect(binary.statusCode).toBe(200);
    expect(binary.headers['content-type']).toContain(EVENT_COLUMNS_MEDIA_TYPE);
    expect(binary.headers.vary).toContain('accept');
    const page = decodeEventColumns(arrayBufferOf(binary.rawPayload));
    expect(rowsOfColumns(page.columns)).toEqual(jsonPage.events);
    expect(page.nextCursor).toBe(jsonPage.nextCursor);
    expect(page.version).toBe(jsonPage.version);
    // The frame carries each event once, as columns: its page details are the cursor and version alone.
    const metaBytes = Buffer.from(binary.rawPayload).readUInt32LE(12);
    expect(metaBytes).toBe(Buffer.byteLength(JSON.stringify({ nextCursor: page.nextCursor, version: page.version })));
    expect(binary.rawPayload.length).toBeLessThan(Buffer.byteLength(json.body));
    const rest = await suite.writer.request({
      url: `${url}&after=${encodeURIComponent(page.nextCursor!)}`,
      headers: { accept: EVENT_COLUMNS_MEDIA_TYPE },
    });
    const last = decodeEventColumns(arrayBufferOf(rest.rawPayload));
    expect(rowsOfColumns(last.columns).map((event) => event.message)).toEqual(['Recovered ✓']);
    expect(last.nextCursor).toBeNull();
  });

  it('still answers errors as JSON to a client asking for columns', async () => {
    const response = await suite.writer.request({
      url: '/api/incident/999999/events',
      headers: { accept: EVENT_COLUMNS_MEDIA_TYPE },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('error');
  });
});
