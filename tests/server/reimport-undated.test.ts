/*
 * Re-importing an updated file whose times have no date into its stream, with no settings given (as
 * the stream panel sends a file whose preview needed none): a log of times of day alone is read on the
 * day its stream's events start, even when the incident now starts days earlier, and a transcript
 * counted from zero starts where its first import put it. Both used to be refused for want of a date.
 */
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../domain/import/detect-format.ts';
import { settingsFromDetection } from '../../domain/import/import-settings.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { createEvent, createIncident, createOrganization, createStream } from '../support/incident-fixtures.ts';
import { fileForm } from '../support/multipart.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const LOG =
  '12:01:02.345 [main] INFO  org.example.Server - started\n12:01:03.001 [pool-1] ERROR org.example.Worker - failed\n';
const UPDATED_LOG = `${LOG}12:05:00.000 [pool-1] WARN  org.example.Worker - retrying\n`;
const TRANSCRIPT =
  'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n<v Ana>We are live.\n\n00:00:05.000 --> 00:00:07.000\n<v Ben>Starting the call.\n';
const UPDATED_TRANSCRIPT = `${TRANSCRIPT}\n00:00:09.000 --> 00:00:10.000\n<v Ana>One more line.\n`;
const iso = (micros: number) => new Date(micros / 1000).toISOString();

describe.each(DATABASE_KINDS)('re-importing a file without dates on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write' });

  const importInto = async (
    incidentID: number,
    bytes: Uint8Array,
    fileName: string,
    fields: Record<string, string>,
  ) => {
    const response = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/import`,
      payload: fileForm(bytes, fileName, fields),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().import.streams[0].id as number;
  };
  const reimport = (streamID: number, bytes: Uint8Array, fileName: string, check = false) =>
    suite.writer.request({
      method: 'POST',
      url: `/api/stream/${streamID}/import${check ? '/check' : ''}`,
      payload: fileForm(bytes, fileName),
    });
  const times = async (streamID: number) =>
    (
      await suite.server.db.query<{ start_micros: number | string }>(
        'SELECT start_micros FROM events WHERE stream_id = $1 AND NOT is_marker ORDER BY start_micros',
        [streamID],
      )
    ).map((row) => iso(Number(row.start_micros)));
  /** A new incident whose first event (a note by hand) is at `startMicros`. */
  const incidentStartingAt = async (name: string, startMicros: number) => {
    const organizationID = await createOrganization(suite.writer, name);
    const incidentID = await createIncident(suite.writer, organizationID, name);
    const notes = await createStream(suite.writer, incidentID, 'Notes');
    await createEvent(suite.writer, incidentID, {
      streamID: notes,
      message: 'first note',
      startTimestamp: startMicros,
    });
    return incidentID;
  };

  it('a log of times of day alone is read again on its stream’s day, not the incident’s first', async () => {
    // The incident starts on 1 March; the log was read on 5 March when it came in.
    const incidentID = await incidentStartingAt('Server crash', Date.UTC(2024, 2, 1, 8) * 1000);
    const settings = settingsFromDetection(detectFormat(utf8(LOG), 'server.log'), 'UTC');
    expect(settings).toMatchObject({ format: 'syslog', timePrefix: { timeOfDay: true } });
    const streamID = await importInto(incidentID, utf8(LOG), 'server.log', {
      settings: JSON.stringify({ ...settings, startDate: '2024-03-05' }),
    });
    expect(await times(streamID)).toEqual(['2024-03-05T12:01:02.345Z', '2024-03-05T12:01:03.001Z']);

    const check = await reimport(streamID, utf8(UPDATED_LOG), 'server.log', true);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().check).toMatchObject({ currentEventCount: 2, newEventCount: 3, matchedEventCount: 2 });
    const response = await reimport(streamID, utf8(UPDATED_LOG), 'server.log');
    expect(response.statusCode, response.body).toBe(200);
    expect(await times(streamID)).toEqual([
      '2024-03-05T12:01:02.345Z',
      '2024-03-05T12:01:03.001Z',
      '2024-03-05T12:05:00.000Z',
    ]);
  });

  it('a transcript counted from zero starts again at the incident’s first event, every cue matched', async () => {
    const incidentID = await incidentStartingAt('Bridge call', Date.UTC(2024, 4, 2, 14, 30) * 1000);
    const streamID = await importInto(incidentID, utf8(TRANSCRIPT), 'call.vtt', {});
    expect(await times(streamID)).toEqual(['2024-05-02T14:30:00.000Z', '2024-05-02T14:30:05.000Z']);

    const response = await reimport(streamID, utf8(UPDATED_TRANSCRIPT), 'call.vtt');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().import).toMatchObject({ outcome: 'no_source_annotations' });
    expect(await times(streamID)).toEqual([
      '2024-05-02T14:30:00.000Z',
      '2024-05-02T14:30:05.000Z',
      '2024-05-02T14:30:09.000Z',
    ]);
  });
});
