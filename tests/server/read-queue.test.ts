/*
 * The read queue over real HTTP (server/plugins/read-queue.ts): reads beyond the database's
 * parallelism wait their turn and are all answered; a read whose client left while it waited is never
 * run; writes do not wait behind reads. Two extra routes stand in for a slow read and a counted one.
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { POSTGRES_POOL_SIZE } from '../../server/db/database.ts';
import { PGLITE_READ_CONCURRENCY } from '../../server/plugins/read-queue.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/test-database.ts';
import { TEST_VERSION } from '../support/test-server.ts';

interface Answer {
  status: number;
  body: string;
}
interface Sent {
  request: ClientRequest;
  answer: Promise<Answer>;
}

describe.each(DATABASE_KINDS)('read queue on %s', (kind) => {
  const concurrency = kind === 'pglite' ? PGLITE_READ_CONCURRENCY : POSTGRES_POOL_SIZE;
  let database: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let base: string;
  let openGate: () => void;
  let ran: string[];
  /** Requests the HTTP server has read (their headers), in the order it read them. */
  let received: number;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'churchkey-read-queue-'));
    app = await buildApp(
      { db: database.db, config: loadConfig({ DATA_DIR: dataDir }), version: TEST_VERSION },
      { appDir: '/nonexistent' },
    );
    ran = [];
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
      await gate;
      return { slow: true };
    });
    app.get('/api/test/counted/:name', { config: { access: 'public' } }, async (request) => {
      const { name } = request.params as { name: string };
      ran.push(name);
      return { name };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    received = 0;
    app.server.on('request', () => (received += 1));
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterEach(async () => {
    openGate();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A request on its own connection, kept so the test can hang up. */
  function send(path: string, method = 'GET', body?: string): Sent {
    const request = httpRequest(`${base}${path}`, {
      method,
      agent: false,
      headers: body ? { 'content-type': 'application/json' } : {},
    });
    const answer = new Promise<Answer>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
    });
    request.end(body);
    return { request, answer };
  }

  async function connections(): Promise<number> {
    return new Promise((resolve, reject) =>
      app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
  }

  async function until(check: () => boolean | Promise<boolean>): Promise<void> {
    while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /** Sends reads one by one, each after the server has read the one before, so they queue in this order. */
  async function sendInOrder(paths: string[]): Promise<Sent[]> {
    const sent: Sent[] = [];
    for (const path of paths) {
      const expected = received + 1;
      sent.push(send(path));
      await until(() => received === expected);
    }
    return sent;
  }

  it('answers every read beyond the limit once a turn is free, in the order they came', async () => {
    const slow = await sendInOrder(Array.from({ length: concurrency }, () => '/api/test/slow'));
    const waiting = await sendInOrder(['a', 'b', 'c', 'd', 'e'].map((name) => `/api/test/counted/${name}`));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ran).toEqual([]);

    openGate();
    const answers = await Promise.all([...slow, ...waiting].map((read) => read.answer));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(ran).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('never runs a read whose client hung up while it waited', async () => {
    const slow = await sendInOrder(Array.from({ length: concurrency }, () => '/api/test/slow'));
    const [abandoned, kept] = (await sendInOrder(['/api/test/counted/abandoned', '/api/test/counted/kept'])) as [
      Sent,
      Sent,
    ];
    abandoned.answer.catch(() => {});

    abandoned.request.destroy();
    await until(async () => (await connections()) === concurrency + 1);
    openGate();
    expect((await kept.answer).status).toBe(200);
    await Promise.all(slow.map((read) => read.answer));
    expect(ran).toEqual(['kept']);
  });

  it('lets a write through while reads hold every turn', async () => {
    const slow = await sendInOrder(Array.from({ length: concurrency }, () => '/api/test/slow'));
    const write = await send(
      '/auth/login',
      'POST',
      JSON.stringify({ username: 'nobody', password: 'not-the-password' }),
    ).answer;
    expect(write.status).toBe(401);
    expect(ran).toEqual([]);
    openGate();
    await Promise.all(slow.map((read) => read.answer));
  });
});
