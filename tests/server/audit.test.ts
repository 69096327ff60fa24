import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEvent, createIncident, createOrganization, createStream } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { countRows, giveAnalyst, signIn } from '../support/test-server.ts';

describe.each(DATABASE_KINDS)('audit calls on %s', (kind) => {
  const suite = useAnalystServer(kind, { admin: 'admin' });

  it('stores the trimmed action name, the context ids, the value, the user, the analyst and the time', async () => {
    const mia = await signIn(suite.server);
    // The context ids must be ones the analyst reaches (issue 17): an administrator reaches all.
    await giveAnalyst(suite.server, mia, 'admin');
    const organizationID = await createOrganization(suite.admin);
    const incidentID = await createIncident(suite.admin, organizationID);
    const streamID = await createStream(suite.admin, incidentID);
    const eventID = await createEvent(suite.admin, incidentID, { streamID, message: 'x', startTimestamp: 1 });
    const before = Date.now() * 1000;
    const response = await mia.request({
      method: 'POST',
      url: `/api/audit/action/${encodeURIComponent('  select event  ')}`,
      payload: { organizationID, incidentID, eventID, streamID, value: { zoom: 1.5, tags: ['a'] } },
    });
    expect(response.statusCode).toBe(201);
    const list = await mia.request({ url: '/api/audit/ui' });
    const [latest] = list.json().actions;
    expect(latest).toMatchObject({
      id: response.json().action.id,
      actionName: 'select event',
      organizationID,
      incidentID,
      eventID,
      streamID,
      mapID: null,
      value: { zoom: 1.5, tags: ['a'] },
      userID: mia.userID,
      analystID: mia.userID,
      analystName: `Analyst ${mia.username}`,
    });
    expect(latest.timestamp).toBeGreaterThanOrEqual(before);
  });

  it('stores an action replayed with the same clientID once', async () => {
    const clientID = randomUUID();
    const send = () =>
      suite.admin.request({
        method: 'POST',
        url: '/api/audit/action/toggle%20minimap',
        payload: { clientID, value: true, clientTimestamp: 1_700_000_000_000_000 },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().action).toEqual({ id: first.json().action.id, created: false });
    const rows = await suite.server.db.query('SELECT id FROM audit_actions WHERE client_id = $1', [clientID]);
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['an action name of spaces', '%20%20%20', {}, 'actionName'],
    ['an action name over 200 characters', 'a'.repeat(201), {}, 'actionName'],
    ['an action name with markup', '%3Cimg%20src%3Dx%3E', {}, 'actionName'],
    ['a context id that is not a number', 'x', { incidentID: 'twelve' }, 'incidentID'],
    ['a negative context id', 'x', { eventID: -4 }, 'eventID'],
    ['a fractional context id', 'x', { streamID: 1.5 }, 'streamID'],
    ['an unknown field', 'x', { incidentId: 3 }, 'incidentId'],
    ['a value over 16 KB', 'x', { value: 'v'.repeat(17_000) }, 'value'],
    ['a clientID that is not a UUID', 'x', { clientID: '../../etc/passwd' }, 'clientID'],
  ])('answers 400 to %s and stores nothing', async (_name, action, payload, field) => {
    const before = await countRows(suite.server.db, 'audit_actions');
    const response = await suite.admin.request({ method: 'POST', url: `/api/audit/action/${action}`, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid');
    expect(response.json().error.field).toBe(field);
    expect(await countRows(suite.server.db, 'audit_actions')).toBe(before);
  });

  it('answers 413 to a body over 32 KB, 401 without a session and 403 without an analyst', async () => {
    const before = await countRows(suite.server.db, 'audit_actions');
    const big = await suite.admin.request({
      method: 'POST',
      url: '/api/audit/action/x',
      payload: { value: 'v'.repeat(40_000) },
    });
    expect(big.statusCode).toBe(413);
    const anonymous = await suite.server.app.inject({ method: 'POST', url: '/api/audit/action/x', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const noAnalyst = await signIn(suite.server);
    const refused = await noAnalyst.request({ method: 'POST', url: '/api/audit/action/x', payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.field).toBe('X-Churchkey-Analyst');
    expect(await countRows(suite.server.db, 'audit_actions')).toBe(before);
  });

  it('lists newest first, in pages, filtered by analyst, action and time', async () => {
    const nora = await signIn(suite.server);
    await giveAnalyst(suite.server, nora, 'write');
    const ids: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const response = await nora.request({
        method: 'POST',
        url: `/api/audit/action/page-${index % 2}`,
        payload: { value: index },
      });
      ids.push(response.json().action.id);
    }
    const firstPage = await suite.admin.request({ url: `/api/audit/ui?analystID=${nora.userID}&limit=2` });
    expect(firstPage.json().actions.map((a: { id: number }) => a.id)).toEqual([ids[4], ids[3]]);
    const nextBefore = firstPage.json().nextBefore;
    expect(nextBefore).toBe(ids[3]);
    const secondPage = await suite.admin.request({
      url: `/api/audit/ui?analystID=${nora.userID}&limit=2&before=${nextBefore}`,
    });
    expect(secondPage.json().actions.map((a: { id: number }) => a.id)).toEqual([ids[2], ids[1]]);
    const filtered = await suite.admin.request({ url: `/api/audit/ui?analystID=${nora.userID}&action=page-1` });
    expect(filtered.json().actions.map((a: { value: number }) => a.value)).toEqual([3, 1]);
    const future = await suite.admin.request({
      url: `/api/audit/ui?analystID=${nora.userID}&minTimestamp=${(Date.now() + 60_000) * 1000}`,
    });
    expect(future.json().actions).toEqual([]);
    const badLimit = await suite.admin.request({ url: '/api/audit/ui?limit=5000' });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().error.field).toBe('limit');
  });

  it("keeps other analysts' entries from non-administrators", async () => {
    const olga = await signIn(suite.server);
    await giveAnalyst(suite.server, olga, 'write');
    await suite.admin.request({ method: 'POST', url: '/api/audit/action/admin-only', payload: {} });
    await olga.request({ method: 'POST', url: '/api/audit/action/olga-only', payload: {} });
    const own = await olga.request({ url: '/api/audit/ui' });
    const analysts = new Set(own.json().actions.map((a: { analystID: number }) => a.analystID));
    expect([...analysts]).toEqual([olga.userID]);
    const other = await olga.request({ url: `/api/audit/ui?analystID=${suite.admin.userID}` });
    expect(other.statusCode).toBe(403);
    const otherData = await olga.request({ url: `/api/audit/data?analystID=${suite.admin.userID}` });
    expect(otherData.statusCode).toBe(403);
    const everyone = await suite.admin.request({ url: '/api/audit/ui?limit=1000' });
    const names = everyone.json().actions.map((a: { actionName: string }) => a.actionName);
    expect(names).toEqual(expect.arrayContaining(['admin-only', 'olga-only']));
  });

  it('records each write in the data audit, with the user and the analyst', async () => {
    const paul = await signIn(suite.server);
    const created = await paul.request({ method: 'POST', url: '/api/analyst', payload: { name: 'Paul' } });
    const entries = await suite.admin.request({
      url: `/api/audit/data?itemType=analyst&itemID=${created.json().analyst.id}`,
    });
    expect(entries.json().entries).toEqual([
      expect.objectContaining({
        action: 'create analyst',
        itemType: 'analyst',
        itemID: paul.userID,
        userID: paul.userID,
        analystID: paul.userID,
        detail: { name: 'Paul', email: '', permission: 'write', own: true },
      }),
    ]);
  });
});
