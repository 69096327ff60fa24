import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { TEST_VERSION } from '../support/test-server.ts';

describe('the HTTP surface', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const appDir = mkdtempSync(join(tmpdir(), 'churchkey-dist-'));
  beforeAll(async () => {
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>Churchkey</title><div id="root"></div>');
    mkdirSync(join(appDir, 'assets'));
    writeFileSync(join(appDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    database = await createTestDatabase('pglite');
    app = await buildApp({ db: database.db, config: loadConfig({}), version: TEST_VERSION }, { appDir });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('publishes an OpenAPI document with every route and its schemas', async () => {
    const response = await app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const paths = Object.keys(document.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/auth/user',
        '/auth/login',
        '/auth/logout',
        '/api/analysts',
        '/api/analyst',
        '/api/analyst/primary',
        '/api/analyst/{analystID}',
        '/api/analyst/{analystID}/permission',
        '/api/analyst/{analystID}/grant/{userID}',
        '/api/audit/action/{actionName}',
        '/api/audit/ui',
        '/api/audit/data',
        '/api/users',
        '/api/user',
      ]),
    );
    const create = document.paths['/api/analyst'].post;
    expect(create.requestBody.content['application/json'].schema.required).toEqual(['name']);
  });

  it('answers unknown API paths with a JSON 404, never the app', async () => {
    for (const url of ['/api/nothing', '/api', '/auth/nothing', '/api/analyst/1/nothing']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    const post = await app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
    const traversal = await app.inject({ url: '/api/../../../../etc/passwd' });
    expect(traversal.body).not.toContain('root:');
  });

  it('serves the app for any other page (the app shows "Invalid URL" itself), hashed assets for good and a missing asset as a 404', async () => {
    const page = await app.inject({ url: '/incident/12/type/swimlane', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const asset = await app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const gone = await app.inject({ url: '/assets/app-old999.js', headers: { accept: '*/*' } });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).not.toContain('text/html');
    const traversal = await app.inject({ url: '/assets/..%2f..%2fpackage.json' });
    expect(traversal.body).not.toContain('"name": "churchkey"');
  });
});
