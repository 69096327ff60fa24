/*
 * The sign-in throttle over real sockets (issue 17, finding 3): a parallel burst of wrong passwords
 * from one address gets at most 5 password checks (every other answer is 429 before any hashing),
 * and failures from some addresses slow the account for others without locking it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, type DatabaseKind } from '../support/test-database.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { insertLocalUser } from '../../server/repositories/users-repository.ts';
import { listenOnLoopback, rawRequest } from '../support/raw-socket.ts';
import { TEST_PASSWORD, startTestServer, uniqueName, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let port: number;

async function start(kind: DatabaseKind): Promise<void> {
  server = await startTestServer(kind);
  port = await listenOnLoopback(server.app);
}

async function account(): Promise<string> {
  const username = uniqueName('throttled');
  await insertLocalUser(server.db, {
    username,
    name: username,
    email: '',
    passwordHash: await hashPassword(TEST_PASSWORD),
  });
  return username;
}

async function signInFrom(address: string, username: string, password: string): Promise<number | 'closed'> {
  const body = JSON.stringify({ username, password });
  const request = `POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  return (await rawRequest(port, request, 20_000, address)).status;
}

const tally = (statuses: (number | 'closed')[]) =>
  statuses.reduce<Record<string, number>>((counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }), {});

describe.each(DATABASE_KINDS)('on %s', (kind) => {
  beforeAll(() => start(kind));
  afterAll(() => server.close());

  describe('the sign-in throttle', () => {
    it('lets a parallel burst of 200 wrong passwords from one address check at most 5', async () => {
      const username = await account();
      const statuses = await Promise.all(
        Array.from({ length: 200 }, (_, i) => signInFrom('127.0.0.2', username, `wrong-${i}`)),
      );
      const counts = tally(statuses);
      // 401 is a password that was checked and wrong; 429 was refused before any hashing.
      expect(counts['401'] ?? 0).toBeLessThanOrEqual(5);
      expect((counts['401'] ?? 0) + (counts['429'] ?? 0)).toBe(200);
      expect(await signInFrom('127.0.0.2', username, TEST_PASSWORD)).toBe(429);
      expect(await signInFrom('127.0.0.3', username, TEST_PASSWORD)).toBe(200);
    }, 120_000);

    it('never lets the right password in among a burst past the limit', async () => {
      const username = await account();
      const passwords = Array.from({ length: 60 }, (_, i) => (i === 40 ? TEST_PASSWORD : `wrong-${i}`));
      const first = await Promise.all(passwords.slice(0, 5).map((p) => signInFrom('127.0.0.4', username, p)));
      expect(first).toEqual([401, 401, 401, 401, 401]);
      const rest = await Promise.all(passwords.slice(5).map((p) => signInFrom('127.0.0.4', username, p)));
      expect(rest).toEqual(rest.map(() => 429));
    });

    it('slows an account many addresses fail on, without locking its owner out', async () => {
      const username = await account();
      // 50 failures from 10 addresses: the per-username cap.
      for (let a = 0; a < 10; a++) {
        const statuses = await Promise.all(
          Array.from({ length: 5 }, (_, i) => signInFrom(`127.0.1.${a + 1}`, username, `wrong-${i}`)),
        );
        expect(statuses).toEqual([401, 401, 401, 401, 401]);
      }
      // The owner, from their own address, still signs in at the first try.
      expect(await signInFrom('127.0.2.1', username, TEST_PASSWORD)).toBe(200);
      // Another new address gets one try a window now, not five.
      expect(await signInFrom('127.0.2.2', username, 'wrong')).toBe(401);
      expect(await signInFrom('127.0.2.2', username, TEST_PASSWORD)).toBe(429);
    }, 120_000);
  });
});
