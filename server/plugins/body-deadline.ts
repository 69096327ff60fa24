/*
 * Bounded requests: a body must arrive within a deadline that grows with what has arrived (a base
 * time, plus its bytes at a minimum rate), so a 500 MB upload on a slow link passes while a body
 * trickled a byte every few seconds is cut off. Node's own timers bound the rest: the request head
 * (headersTimeout), idle kept-alive connections (keepAliveTimeout) and the number of connections.
 */
import type { FastifyInstance } from 'fastify';
import { Socket } from 'node:net';
import type { Config } from '../config.ts';

type Limits = Pick<
  Config,
  'bodyMillis' | 'bodyMinBytesPerSecond' | 'headersTimeoutMillis' | 'keepAliveMillis' | 'maxConnections'
>;

/** Options for Fastify's constructor: Node's http server timers. */
export function serverTimers(limits: Limits) {
  return {
    keepAliveTimeout: limits.keepAliveMillis,
    // NOTE: Node checks headersTimeout only every connectionsCheckingInterval (30 s by default).
    http: {
      headersTimeout: limits.headersTimeoutMillis,
      connectionsCheckingInterval: Math.max(50, Math.min(5000, Math.round(limits.headersTimeoutMillis / 4))),
    },
    // The whole-request timer would cut slow large uploads; the body deadline below replaces it.
    requestTimeout: 0,
  };
}

const TIMED_OUT =
  'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 46\r\n\r\nThe request body came too slowly; try again.\r\n';

export function registerBodyDeadline(app: FastifyInstance, limits: Limits): void {
  app.server.maxConnections = limits.maxConnections;
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    const socket = raw.socket;
    const hasBody =
      (raw.headers['content-length'] !== undefined && raw.headers['content-length'] !== '0') ||
      raw.headers['transfer-encoding'] !== undefined;
    // NOTE: app.inject's requests have no real socket, and no network to be slow on.
    if (!hasBody || raw.complete || !(socket instanceof Socket)) return;
    const started = Date.now();
    const readAtStart = socket.bytesRead;
    // NOTE: bytes are counted on the socket, not by listening to the body, which would start it flowing.
    const check = () => {
      if (raw.complete || socket.destroyed) return;
      const allowedMillis =
        limits.bodyMillis + ((socket.bytesRead - readAtStart) / limits.bodyMinBytesPerSecond) * 1000;
      const waited = Date.now() - started;
      if (waited < allowedMillis) {
        timer = setTimeout(check, Math.min(1000, allowedMillis - waited + 5));
        timer.unref();
        return;
      }
      if (!reply.raw.headersSent) socket.end(TIMED_OUT);
      setTimeout(() => socket.destroy(), 200).unref();
    };
    // Each check stops the chain once the body is in or the socket is gone.
    let timer = setTimeout(check, Math.min(1000, limits.bodyMillis));
    timer.unref();
  });
}
