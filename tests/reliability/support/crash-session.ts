/*
 * Speaking HTTP to a real server process (tests/support/server-process.ts) the way the browser does:
 * sign in with the first account's password, then JSON calls with the session cookie. The crash
 * tests use it because their server is a child process they kill, not an app.inject.
 */
import { expect } from 'vitest';

export interface HttpSession {
  url: string;
  cookie: string;
  /** A JSON call; answers the status and the parsed body (undefined when empty). */
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: ReturnType<typeof JSON.parse> }>;
}

export async function signInAdmin(url: string, password: string): Promise<HttpSession> {
  const response = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  return sessionOn(url, cookie);
}

/** The same session against another process (a restarted server keeps sessions in the database). */
export function sessionOn(url: string, cookie: string): HttpSession {
  return {
    url,
    cookie,
    async call(method, path, body) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
    },
  };
}

/** The primary analyst, an organization and an incident, made through the API; answers the incident id. */
export async function prepareIncident(session: HttpSession, name: string): Promise<number> {
  const primary = await session.call('POST', '/api/analyst/primary', { name: 'Primary', email: 'primary@example.org' });
  expect(primary.status, JSON.stringify(primary.body)).toBe(201);
  const organization = await session.call('POST', '/api/organization', { name: 'Crash tests' });
  expect(organization.status, JSON.stringify(organization.body)).toBe(201);
  const incident = await session.call('POST', '/api/incident', {
    organizationID: organization.body.organization.id,
    name,
  });
  expect(incident.status, JSON.stringify(incident.body)).toBe(201);
  return incident.body.incident.id;
}
