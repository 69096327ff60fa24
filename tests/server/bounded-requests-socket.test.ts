/*
 * Bounded requests over real sockets (issue 17, finding 5), with the timers set short so the test
 * runs in seconds: a trickled body is cut off, a body at a fair rate is not, an unfinished request
 * head and an idle kept-alive connection are closed, and connections beyond the cap are refused.
 */
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedWithin, listenOnLoopback, openSocket, rawRequest } from '../support/raw-socket.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer('pglite', {
    BODY_SECONDS: '1',
    BODY_MIN_BYTES_PER_SECOND: '1000',
    HEADERS_TIMEOUT_SECONDS: '1',
    KEEP_ALIVE_SECONDS: '0.5',
    MAX_CONNECTIONS: '30',
  });
  port = await listenOnLoopback(server.app);
});
afterAll(() => server.close());

const pause = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

/** Sends a request head, then its body in pieces, until the server closes or every piece is sent. */
async function trickle(path: string, pieces: string[], everyMillis: number, headers = '') {
  const socket = await openSocket(port);
  const total = pieces.reduce((sum, piece) => sum + Buffer.byteLength(piece), 0);
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  const closed = closedWithin(socket, 30_000);
  const started = Date.now();
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${headers}Content-Length: ${total}\r\n\r\n`,
  );
  let sent = 0;
  for (const piece of pieces) {
    if (socket.destroyed || socket.writableEnded) break;
    await pause(everyMillis);
    if (socket.destroyed) break;
    socket.write(piece);
    sent += 1;
    if (/^HTTP\/1\.1 \d{3}/.test(answer) && /\r\n\r\n/.test(answer) && /Connection: close/i.test(answer)) break;
  }
  const cut = sent < pieces.length;
  if (cut) await closed;
  socket.destroy();
  return { cut, millis: Date.now() - started, status: /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] };
}

/** Forty one-byte pieces: sent 200 ms apart, 8 s of body, far past the server's 1 s deadline. */
const BYTE_BY_BYTE = Array.from({ length: 40 }, () => 'x');

describe('a request body', () => {
  it('trickled a byte at a time is cut off at its deadline, signed in or not', async () => {
    const result = await trickle('/auth/login', BYTE_BY_BYTE, 200);
    // Cut: the server hung up before the 40 pieces (8 s) were sent, with its deadline at 1 s.
    expect(result.cut).toBe(true);
    expect(result.status).toBe('408');
  });

  it('trickled to a route that needs a session is cut off too', async () => {
    const result = await trickle('/api/organization', BYTE_BY_BYTE, 200);
    expect(result.cut).toBe(true);
  });

  it('sent slowly but above the minimum rate is read to its end and answered', async () => {
    const body = JSON.stringify({ username: 'nobody', password: 'p'.repeat(1000) });
    const pieces = body.match(/.{1,150}/gs)!;
    const result = await trickle('/auth/login', pieces, 100);
    expect(result.cut).toBe(false);
    await pause(200);
  });
});

describe('connections', () => {
  it('whose request head never ends are closed', async () => {
    const socket = await openSocket(port);
    socket.write('GET /auth/user HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(await closedWithin(socket, 5000)).toBe(true);
  });

  it('opened and left silent are closed', async () => {
    const socket = await openSocket(port);
    expect(await closedWithin(socket, 5000)).toBe(true);
  });

  it('kept alive after an answer are closed when idle', async () => {
    const socket = await openSocket(port);
    socket.write('GET /auth/user HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await closedWithin(socket, 5000)).toBe(true);
  });

  it('beyond the cap are closed as they come, and the server answers again once they go', async () => {
    const sockets: Socket[] = [];
    for (let i = 0; i < 30; i++) sockets.push(await openSocket(port));
    const extra = await openSocket(port).catch(() => undefined);
    if (extra) expect(await closedWithin(extra, 2000)).toBe(true);
    for (const socket of sockets) socket.destroy();
    await pause(100);
    const answer = await rawRequest(port, 'GET /auth/user HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(401);
  });
});
