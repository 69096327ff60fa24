/*
 * Writes come only from this app's own pages. The session cookie is SameSite=Lax, which keeps it off
 * cross-site POSTs, but a page of the same site on another port or subdomain (a dashboard on
 * localhost:3000, an intranet tool) is "same-site": its hidden form could post a urlencoded body or a
 * file to the API with the analyst's cookie. The browser says where a request comes from
 * (Sec-Fetch-Site; Origin where it sends no Sec-Fetch-Site, as over plain http to a LAN address),
 * and any write from elsewhere is refused before anything runs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { countRows, TEST_PASSWORD } from '../support/test-server.ts';

describe.each(DATABASE_KINDS)('writes from other sites on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write' });
  let incidentID: number;

  beforeAll(async () => {
    incidentID = await createIncident(suite.writer, await createOrganization(suite.writer, 'Ops'), 'Outage');
  });

  const fileForm = () => {
    const form = new FormData();
    form.append('file', new File(['planted\n'], 'planted.txt', { type: 'text/plain' }));
    return form;
  };

  it.each([
    [
      'a same-site page (another port) posting a urlencoded form',
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost:3000' },
    ],
    ['a cross-site page', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['a page of another origin over plain http (no Sec-Fetch-Site)', { origin: 'http://intranet.example:8080' }],
    ['a sandboxed frame (Origin null)', { origin: 'null' }],
  ])('refuses %s with 403 and stores nothing', async (_label, from) => {
    const organizations = await countRows(suite.server.db, 'organizations');
    const uploads = await countRows(suite.server.db, 'uploads');
    const form = await suite.writer.request({
      method: 'POST',
      url: '/api/organization',
      headers: { ...from, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Planted',
    });
    expect(form.statusCode, form.body).toBe(403);
    expect(form.json().error).toMatchObject({ code: 'forbidden', field: 'Origin' });
    const upload = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${incidentID}/upload`,
      headers: from,
      payload: fileForm(),
    });
    expect(upload.statusCode, upload.body).toBe(403);
    const json = await suite.writer.request({
      method: 'PUT',
      url: `/api/incident/${incidentID}`,
      headers: from,
      payload: { name: 'Renamed' },
    });
    expect(json.statusCode, json.body).toBe(403);
    const login = await suite.server.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { ...from, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${suite.writer.username}&password=${TEST_PASSWORD}`,
    });
    expect(login.statusCode, 'a sign-in planted by another site').toBe(403);
    expect(await countRows(suite.server.db, 'organizations')).toBe(organizations);
    expect(await countRows(suite.server.db, 'uploads')).toBe(uploads);
  });

  it("takes writes from the app's own pages, from clients that are no browser, and reads from anywhere", async () => {
    const own = { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' };
    expect(
      (
        await suite.writer.request({
          method: 'POST',
          url: '/api/organization',
          headers: own,
          payload: { name: 'From the app' },
        })
      ).statusCode,
    ).toBe(201);
    // Over plain http to a LAN address a browser sends Origin only: the server's own origin is fine.
    const lan = await suite.server.app.inject({
      method: 'POST',
      url: '/api/organization',
      headers: { cookie: suite.writer.cookie, host: '192.168.1.5:8080', origin: 'http://192.168.1.5:8080' },
      payload: { name: 'From the field laptop' },
    });
    expect(lan.statusCode, lan.body).toBe(201);
    expect(
      (await suite.writer.request({ method: 'POST', url: `/api/incident/${incidentID}/upload`, payload: fileForm() }))
        .statusCode,
    ).toBe(201);
    // A link followed from another site reads (SameSite=Lax sends the cookie on top-level GETs).
    expect(
      (await suite.writer.request({ url: `/api/incident/${incidentID}`, headers: { 'sec-fetch-site': 'cross-site' } }))
        .statusCode,
    ).toBe(200);
  });
});
