/*
 * Multipart bodies cut short, over a real socket (issue 17, finding 1): each multipart route answers
 * 400 at once, and no open file or spooled `.part` file is left behind, whatever variant of "the
 * closing boundary never comes" is sent.
 */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, type DatabaseKind } from '../support/test-database.ts';
import { blobTempDir } from '../../server/repositories/blob-repository.ts';
import { createIncident, createOrganization, createStream } from '../support/incident-fixtures.ts';
import { listenOnLoopback, openFileCount, openSocket, rawRequest } from '../support/raw-socket.ts';
import { giveAnalyst, signIn, startTestServer, type Session, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let session: Session;
let port: number;
let routes: string[];

async function start(kind: DatabaseKind): Promise<void> {
  server = await startTestServer(kind);
  port = await listenOnLoopback(server.app);
  session = await signIn(server);
  await giveAnalyst(server, session, 'write');
  const incidentID = await createIncident(session, await createOrganization(session));
  const streamID = await createStream(session, incidentID);
  routes = [
    `/api/incident/${incidentID}/upload`,
    `/api/incident/${incidentID}/import`,
    `/api/incident/${incidentID}/map`,
    `/api/stream/${streamID}/import`,
    `/api/stream/${streamID}/import/check`,
  ];
}

const FILE_HEAD = 'Content-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n';
const CSV = 'time,message\n2024-01-01T00:00:00Z,hello\n';

/** Bodies whose closing boundary never comes, as an attacker or a dropped connection leaves them. */
const CUT_BODIES: Record<string, string> = {
  'inside the file part': `--b\r\n${FILE_HEAD}x\r\n`,
  'inside the file, no line end': `--b\r\n${FILE_HEAD}${CSV}`,
  'after a complete file part': `--b\r\n${FILE_HEAD}${CSV}\r\n--b\r\n`,
  'after the file part with no next part': `--b\r\n${FILE_HEAD}${CSV}\r\n--b`,
  'inside the part headers': '--b\r\nContent-Disposition: form-data; name="fi',
  'inside a text field': '--b\r\nContent-Disposition: form-data; name="timeZone"\r\n\r\nUT',
  'only the preamble': 'a preamble and nothing else\r\n',
};

function post(path: string, body: string, boundary = 'b'): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${session.cookie}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

const spooled = async () =>
  (await readdir(blobTempDir(server.config)).catch(() => [] as string[])).filter((name) => name.endsWith('.part'));

describe.each(DATABASE_KINDS)('on %s', (kind) => {
  beforeAll(() => start(kind));
  afterAll(() => server.close());

  describe('a multipart body without its closing boundary', () => {
    it('is answered 400 at once on every multipart route, for every way of being cut', async () => {
      for (const path of routes) {
        for (const [name, body] of Object.entries(CUT_BODIES)) {
          // "At once": the whole body is sent, so an answer can only fail to come by the server waiting
          // for a boundary that never comes; after 5 s the status reads 'closed' and the check fails.
          const answer = await rawRequest(port, post(path, body), 5000);
          expect(answer.status, `${path}, cut ${name}: ${answer.body}`).toBe(400);
        }
      }
      expect(await spooled()).toEqual([]);
    });

    it('leaves no open file and no spooled file after dozens of them, sent side by side', async () => {
      // Warm up first, with as many side by side: the first requests open files that stay open (modules,
      // the database, and on PostgreSQL the pool's connections).
      await Promise.all(
        Array.from({ length: 60 }, () => rawRequest(port, post(routes[0]!, CUT_BODIES['inside the file part']!), 5000)),
      );
      const before = await openFileCount();
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          rawRequest(port, post(routes[i % routes.length]!, Object.values(CUT_BODIES)[i % 7]!), 5000),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 400));
      // The sockets themselves close a moment after their answers.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = await openFileCount();
      if (before !== undefined && after !== undefined) expect(after).toBeLessThanOrEqual(before + 3);
      expect(await spooled()).toEqual([]);
    });

    it('leaves no spooled file when the client leaves in the middle of the file', async () => {
      const before = await openFileCount();
      for (const path of routes) {
        const socket = await openSocket(port);
        const head = post(path, `--b\r\n${FILE_HEAD}${'z'.repeat(100_000)}`).replace(
          /Content-Length: \d+/,
          'Content-Length: 10000000',
        );
        socket.write(head);
        await new Promise((resolve) => setTimeout(resolve, 150));
        expect((await spooled()).length, path).toBeLessThanOrEqual(1);
        socket.destroy();
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await spooled()).toEqual([]);
      const after = await openFileCount();
      if (before !== undefined && after !== undefined) expect(after).toBeLessThanOrEqual(before + 3);
    });

    it('still imports a complete body, with the closing boundary split across packets', async () => {
      const body = `--b\r\n${FILE_HEAD}${CSV}\r\n--b--\r\n`;
      const answer = await rawRequest(port, post(routes[0]!, body), 5000);
      expect(answer.status, answer.body).toBe(201);
    });

    it('refuses an import form whose text field follows the file, naming the field', async () => {
      const body = `--b\r\n${FILE_HEAD}${CSV}\r\n--b\r\nContent-Disposition: form-data; name="timeZone"\r\n\r\nUTC\r\n--b--\r\n`;
      const answer = await rawRequest(port, post(routes[1]!, body), 5000);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).error).toMatchObject({ field: 'timeZone' });
      expect(await spooled()).toEqual([]);
    });
  });
});
