/*
 * Audit actions over a real socket (issue 17, finding 7): a clientID is unique per analyst, so a
 * second analyst reusing one gets their own row; the context ids an action names pass the
 * organization wall (404, as for an id that does not exist).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createIncident, createOrganization, createStream } from '../support/incident-fixtures.ts';
import { listenOnLoopback, rawRequest } from '../support/raw-socket.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { countRows, type Session } from '../support/test-server.ts';

const suite = useAnalystServer('pglite', { first: 'write', second: 'write' });
let port: number;
let other: { organizationID: number; incidentID: number; streamID: number; eventID: number };
let own: { organizationID: number; incidentID: number };

beforeAll(async () => {
  port = await listenOnLoopback(suite.server.app);
  const organizationID = await createOrganization(suite.first, 'First only');
  const incidentID = await createIncident(suite.first, organizationID);
  const streamID = await createStream(suite.first, incidentID);
  other = {
    organizationID,
    incidentID,
    streamID,
    eventID: await createEvent(suite.first, incidentID, { streamID, message: 'x', startTimestamp: 1 }),
  };
  const ownOrganization = await createOrganization(suite.second, 'Second');
  own = { organizationID: ownOrganization, incidentID: await createIncident(suite.second, ownOrganization) };
});

async function act(session: Session, body: Record<string, unknown>) {
  const text = JSON.stringify(body);
  const answer = await rawRequest(
    port,
    `POST /api/audit/action/open%20incident HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nCookie: ${session.cookie}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
  return {
    status: answer.status,
    body: JSON.parse(answer.body) as { action?: { id: number; created: boolean }; error?: { message: string } },
  };
}

describe('an audit action', () => {
  it("with another analyst's clientID is stored as this analyst's own row", async () => {
    const clientID = randomUUID();
    const mine = await act(suite.first, { clientID, value: 'first' });
    expect(mine.status).toBe(201);
    const theirs = await act(suite.second, { clientID, value: 'second' });
    expect(theirs.status).toBe(201);
    expect(theirs.body.action!.id).not.toBe(mine.body.action!.id);
    const replay = await act(suite.first, { clientID, value: 'first again' });
    expect(replay.status).toBe(200);
    expect(replay.body.action).toEqual({ id: mine.body.action!.id, created: false });
    const rows = await suite.server.db.query<{ analyst_id: number; value: string }>(
      "SELECT analyst_id, value #>> '{}' AS value FROM audit_actions WHERE client_id = $1 ORDER BY id",
      [clientID],
    );
    expect(rows).toEqual([
      { analyst_id: suite.first.userID, value: 'first' },
      { analyst_id: suite.second.userID, value: 'second' },
    ]);
  });

  it.each(['organizationID', 'incidentID', 'streamID', 'eventID'] as const)(
    'naming a %s behind the organization wall answers 404, like one that does not exist, and stores nothing',
    async (key) => {
      const before = await countRows(suite.server.db, 'audit_actions');
      const behind = await act(suite.second, { [key]: other[key] });
      const missing = await act(suite.second, { [key]: 999_999_999 });
      expect(behind.status).toBe(404);
      expect(behind.body.error).toEqual(missing.body.error);
      expect(await countRows(suite.server.db, 'audit_actions')).toBe(before);
    },
  );

  it('naming its own organization and incident is stored', async () => {
    expect((await act(suite.second, own)).status).toBe(201);
    expect(
      (await act(suite.first, { incidentID: other.incidentID, eventID: other.eventID, streamID: other.streamID }))
        .status,
    ).toBe(201);
  });
});
