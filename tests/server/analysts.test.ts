import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/test-database.ts';
import type { Permission } from '../../domain/analyst.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { countRows, giveAnalyst, signIn, TEST_VERSION, type Session } from '../support/test-server.ts';

describe.each(DATABASE_KINDS)('the primary analyst on %s', (kind) => {
  const suite = useAnalystServer(kind, {});

  it('is created once, as an administrator with the user id, even when two users race', async () => {
    const ada = await signIn(suite.server);
    const bob = await signIn(suite.server);
    const empty = await ada.request({ url: '/api/analysts' });
    expect(empty.json()).toEqual({ analysts: [], version: TEST_VERSION });
    const [first, second] = await Promise.all([
      ada.request({
        method: 'POST',
        url: '/api/analyst/primary',
        payload: { name: ' Ada ', email: 'ada@example.org' },
      }),
      bob.request({ method: 'POST', url: '/api/analyst/primary', payload: { name: 'Bob', email: '' } }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([201, 409]);
    const winner = first.statusCode === 201 ? { session: ada, answer: first } : { session: bob, answer: second };
    expect(winner.answer.json().analyst).toMatchObject({
      id: winner.session.userID,
      permission: 'admin',
      userID: winner.session.userID,
      canActAs: true,
    });
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().error).toMatchObject({ code: 'conflict', message: 'the primary analyst exists already' });
    expect(await countRows(suite.server.db, 'analysts')).toBe(1);
  });
});

describe.each(DATABASE_KINDS)('analysts on %s', (kind) => {
  const suite = useAnalystServer(kind, {});
  /** `by` sets the permission of the analyst `analystID` (any text, so refusals can be sent too). */
  const setPermission = (by: Session, analystID: number, permission: string) =>
    by.request({ method: 'PUT', url: `/api/analyst/${analystID}/permission`, payload: { permission } });
  /** A new user signed in, with an analyst of their own of `permission`. */
  const analyst = async (permission: Permission) => {
    const session = await signIn(suite.server);
    await giveAnalyst(suite.server, session, permission);
    return session;
  };

  it('refuses every analyst call without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/analysts'],
      ['POST', '/api/analyst'],
      ['POST', '/api/analyst/primary'],
      ['PUT', '/api/analyst/1/permission'],
      ['PUT', '/api/analyst/1/grant/2'],
    ] as const) {
      const response = await suite.server.app.inject({ method, url, payload: { name: 'x' } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    }
  });

  it("creates the user's own analyst first, then named analysts that no user acts as", async () => {
    const carol = await signIn(suite.server);
    const own = await carol.request({
      method: 'POST',
      url: '/api/analyst',
      payload: { name: 'Carol', email: 'c@example.org' },
    });
    expect(own.statusCode).toBe(201);
    expect(own.json().analyst).toEqual({
      id: carol.userID,
      name: 'Carol',
      email: 'c@example.org',
      permission: 'write',
      userID: carol.userID,
      canActAs: true,
    });
    const me = await carol.request({ url: '/auth/user' });
    expect(me.json().user.analystID).toBe(carol.userID);
    const named = await carol.request({ method: 'POST', url: '/api/analyst', payload: { name: 'Witness' } });
    expect(named.statusCode).toBe(201);
    expect(named.json().analyst).toMatchObject({
      name: 'Witness',
      email: '',
      permission: 'read',
      userID: null,
      canActAs: false,
    });
    expect(named.json().analyst.id).not.toBe(carol.userID);
    const list = await carol.request({ url: '/api/analysts' });
    const names = list.json().analysts.map((a: { name: string }) => a.name);
    expect(names).toEqual(expect.arrayContaining(['Carol', 'Witness']));
  });

  it('lets a read-only analyst create no named analysts', async () => {
    const reader = await analyst('read');
    const before = await countRows(suite.server.db, 'analysts');
    const response = await reader.request({ method: 'POST', url: '/api/analyst', payload: { name: 'Nope' } });
    expect(response.statusCode).toBe(403);
    expect(await countRows(suite.server.db, 'analysts')).toBe(before);
  });

  it.each([
    ['a missing name', { email: 'a@b.c' }, 'name'],
    ['an empty name', { name: '   ' }, 'name'],
    ['a name of the wrong type', { name: 12 }, 'name'],
    ['an oversized name', { name: 'n'.repeat(201) }, 'name'],
    ['an email that is not one', { name: 'A', email: 'not an email' }, 'email'],
    ['an email of the wrong type', { name: 'A', email: ['a@b.c'] }, 'email'],
  ])('answers 400 naming the field for %s, and stores nothing', async (_name, payload, field) => {
    const dave = await signIn(suite.server);
    const response = await dave.request({ method: 'POST', url: '/api/analyst', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid', field });
    expect(response.json().version).toBe(TEST_VERSION);
    const me = await dave.request({ url: '/auth/user' });
    expect(me.json().user.analystID).toBeNull();
  });

  it('answers 400 to malformed JSON and 413 to a body over 1 MB', async () => {
    const erin = await signIn(suite.server);
    const broken = await erin.request({
      method: 'POST',
      url: '/api/analyst',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Erin"',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatchObject({ code: 'invalid', field: 'body' });
    const huge = await erin.request({ method: 'POST', url: '/api/analyst', payload: { name: 'x'.repeat(1_100_000) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('too_large');
  });

  it('checks the X-Churchkey-Analyst header on every request', async () => {
    const frank = await analyst('write');
    const grace = await analyst('write');
    const cases: [string | number, number][] = [
      [0, 200],
      [frank.userID, 200],
      [grace.userID, 403], // another user's analyst
      [987_654_321, 403], // unknown analyst: same answer, so ids cannot be probed
      ['-1', 400],
      ['abc', 400],
      ['1, 2', 400],
      ['99999999999999999', 400],
    ];
    for (const [header, status] of cases) {
      const response = await frank.request({ url: '/api/analysts', analyst: header });
      expect(response.statusCode, `header ${header}`).toBe(status);
      if (status !== 200) expect(response.json().error.field).toBe('X-Churchkey-Analyst');
    }
  });

  it('lets administrators grant and revoke acting as an analyst, audited, and no one else', async () => {
    const admin = await analyst('admin');
    const helen = await analyst('write');
    const ivan = await analyst('write');
    const asIvan = () => helen.request({ url: '/api/analysts', analyst: ivan.userID });
    expect((await asIvan()).statusCode).toBe(403);

    const byHelen = await helen.request({ method: 'PUT', url: `/api/analyst/${ivan.userID}/grant/${helen.userID}` });
    expect(byHelen.statusCode).toBe(403);

    const grant = await admin.request({ method: 'PUT', url: `/api/analyst/${ivan.userID}/grant/${helen.userID}` });
    expect(grant.statusCode).toBe(200);
    const listed = await asIvan();
    expect(listed.statusCode).toBe(200);
    const ivanEntry = listed.json().analysts.find((a: { id: number }) => a.id === ivan.userID);
    expect(ivanEntry.canActAs).toBe(true);

    const detail = await admin.request({ url: `/api/analyst/${ivan.userID}` });
    expect(detail.json().grants).toEqual([expect.objectContaining({ userID: helen.userID, username: helen.username })]);

    const revoke = await admin.request({ method: 'DELETE', url: `/api/analyst/${ivan.userID}/grant/${helen.userID}` });
    expect(revoke.statusCode).toBe(200);
    expect((await asIvan()).statusCode).toBe(403);
    const again = await admin.request({ method: 'DELETE', url: `/api/analyst/${ivan.userID}/grant/${helen.userID}` });
    expect(again.statusCode).toBe(404);

    const audit = await admin.request({ url: `/api/audit/data?itemType=analyst&itemID=${ivan.userID}` });
    expect(audit.json().entries.map((e: { action: string }) => e.action)).toEqual([
      'remove analyst permission',
      'add analyst permission',
    ]);
  });

  it('answers 404 for a grant to an unknown user or analyst', async () => {
    const admin = await analyst('admin');
    expect(
      (await admin.request({ method: 'PUT', url: `/api/analyst/${admin.userID}/grant/987654321` })).statusCode,
    ).toBe(404);
    expect(
      (await admin.request({ method: 'PUT', url: `/api/analyst/987654321/grant/${admin.userID}` })).statusCode,
    ).toBe(404);
    const badId = await admin.request({ method: 'PUT', url: `/api/analyst/abc/grant/${admin.userID}` });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.field).toBe('analystID');
  });

  it('lets administrators change permissions, but never demote the last administrator', async () => {
    const admin = await analyst('admin');
    const judy = await analyst('write');
    const promoted = await setPermission(admin, judy.userID, 'read');
    expect(promoted.json().analyst.permission).toBe('read');
    const wrong = await setPermission(admin, judy.userID, 'owner');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.field).toBe('permission');
    const byJudy = await setPermission(judy, judy.userID, 'admin');
    expect(byJudy.statusCode).toBe(403);

    // Demote every administrator but one; the last one stays.
    const admins = (
      await suite.server.db.query<{ id: number }>("SELECT id FROM analysts WHERE permission = 'admin' AND id <> $1", [
        admin.userID,
      ])
    ).map((r) => r.id);
    for (const id of admins) {
      await setPermission(admin, id, 'write');
    }
    const last = await setPermission(admin, admin.userID, 'write');
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toMatchObject({ code: 'conflict', field: 'permission' });
  });

  it('lets an administrator act as any analyst and see itself as "viewing as" them', async () => {
    const admin = await analyst('admin');
    const kim = await analyst('write');
    const response = await admin.request({
      method: 'POST',
      url: '/api/audit/action/view as',
      analyst: kim.userID,
      payload: {},
    });
    expect(response.statusCode).toBe(201);
    const stored = await suite.server.db.query<{ user_id: number; analyst_id: number }>(
      'SELECT user_id, analyst_id FROM audit_actions WHERE id = $1',
      [response.json().action.id],
    );
    expect(stored[0]).toEqual({ user_id: admin.userID, analyst_id: kim.userID });
  });

  it('lists accounts and creates local ones for administrators only', async () => {
    const admin = await analyst('admin');
    const lee = await analyst('write');
    expect((await lee.request({ url: '/api/users' })).statusCode).toBe(403);
    const created = await admin.request({
      method: 'POST',
      url: '/api/user',
      payload: { username: 'New.Person', password: 'a-long-enough-password' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({ username: 'new.person', authMode: 'local' });
    const duplicate = await admin.request({
      method: 'POST',
      url: '/api/user',
      payload: { username: 'new.person', password: 'a-long-enough-password' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.field).toBe('username');
    const short = await admin.request({
      method: 'POST',
      url: '/api/user',
      payload: { username: 'p2', password: 'short' },
    });
    expect(short.json().error.field).toBe('password');
    const signedIn = await suite.server.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'new.person', password: 'a-long-enough-password' },
    });
    expect(signedIn.statusCode).toBe(200);
    const users = await admin.request({ url: '/api/users' });
    expect(users.json().users.map((u: { username: string }) => u.username)).toContain('new.person');
    expect(JSON.stringify(users.json())).not.toContain('scrypt');
  });
});
