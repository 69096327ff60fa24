/*
 * Raw HTTP over a real TCP socket, for the attacks `inject` cannot make: a body shorter or slower
 * than it says, a closing boundary that never comes, many idle connections. Answers the status line
 * (or 'closed' when the server hung up without one) and how long it took.
 */
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawAnswer {
  status: number | 'closed';
  head: string;
  body: string;
  millis: number;
}

/** Starts `app` listening on a free loopback port; answers the port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return portOf(app.server.address());
}

/** The port a listening Fastify app is on. */
export function portOf(address: unknown): number {
  return (address as { port: number }).port;
}

/** Sends `request` (head and body as given) and reads until the server closes or `waitMillis` pass. */
export function rawRequest(
  port: number,
  request: string | Buffer,
  waitMillis = 10_000,
  localAddress?: string,
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = Date.now();
    // Linux answers on all of 127.0.0.0/8: `localAddress` makes a request come from another address.
    const socket = connect({ port, host: '127.0.0.1', ...(localAddress ? { localAddress } : {}) });
    const chunks: Buffer[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      const split = text.indexOf('\r\n\r\n');
      resolve({
        status: match ? Number(match[1]) : 'closed',
        head: split < 0 ? text : text.slice(0, split),
        body: split < 0 ? '' : text.slice(split + 4),
        millis: Date.now() - started,
      });
    };
    const timer = setTimeout(finish, waitMillis);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // One answer is enough: stop once its whole body (by Content-Length) is in.
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, split));
      if (split >= 0 && length && Buffer.byteLength(text.slice(split + 4), 'latin1') >= Number(length[1])) finish();
    });
    socket.on('close', finish);
    socket.on('error', finish);
    socket.write(request);
  });
}

/** Opens a connection and leaves it as it is; the caller ends it. */
export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Resolves when the server closes `socket` (true) or after `waitMillis` (false). */
export function closedWithin(socket: Socket, waitMillis: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.destroyed || socket.readableEnded) return resolve(true);
    const timer = setTimeout(() => resolve(false), waitMillis);
    const closed = () => {
      clearTimeout(timer);
      resolve(true);
    };
    socket.on('close', closed);
    socket.on('end', closed);
    socket.on('error', closed);
    socket.resume();
  });
}

/** Open file descriptors of this process (Linux); undefined elsewhere. */
export async function openFileCount(): Promise<number | undefined> {
  const { readdir } = await import('node:fs/promises');
  return readdir('/proc/self/fd').then(
    (names) => names.length,
    () => undefined,
  );
}
