/*
 * A small loopback HTTP proxy in front of several Churchkey processes, as a load balancer would put
 * it: requests alternate between the upstreams, and each answer says which one gave it (header
 * X-Proxy-Upstream: its index), so a test can prove a session or a write crossed processes.
 *
 * When an upstream fails, the request is sent to the next one only where that cannot apply it twice:
 * - the connection was refused: the upstream never received a byte, so ANY request is resent
 *   (nginx's proxy_next_upstream error and HAProxy's retry-on conn-failure do the same);
 * - the request was sent and its answer lost (reset, hang-up): resent only when it is safe to apply
 *   again: GET, HEAD, OPTIONS, or a request carrying an Idempotency-Key, which the API applies once
 *   per analyst and key (server/plugins/idempotency.ts). Not PUT or DELETE without a key: HTTP calls
 *   them idempotent, but here each one applied writes its own data-audit row. Anything else gets
 *   502 from the proxy, naming the upstream, and is never resent.
 * An upstream that failed is left out of the turn for `downMs`, then tried again with the next
 * request that falls to it (passive health checks). Connections are not kept alive, so a killed
 * upstream shows as a refused connection on the very next request, the one proof it received nothing.
 * Request bodies are buffered (so they can be resent); answers stream through as they come.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);
export const UPSTREAM_HEADER = 'x-proxy-upstream';
/** Set on an answer that came from another upstream after the first failed: "refused" or "lost". */
export const RESENT_HEADER = 'x-proxy-resent';

export type ProxyIncident = 'refused' | 'lost';

/** Whether a request that failed on one upstream may go to the next (the rule in the header). */
export function mayResend(method: string, headers: IncomingHttpHeaders, incident: ProxyIncident): boolean {
  if (incident === 'refused') return true;
  return SAFE_METHODS.has(method) || typeof headers['idempotency-key'] === 'string';
}

export interface ProxyLogEntry {
  /** When the attempt was sent, and when its outcome was known. */
  sentAtMs: number;
  atMs: number;
  upstream: number;
  what: 'answered' | ProxyIncident | 'failed';
  method: string;
  path: string;
}

export interface ProxyStats {
  /** Answers relayed from each upstream. */
  answered: number[];
  /** Connections each upstream refused. */
  refused: number[];
  /** Requests each upstream received and never answered. */
  lost: number[];
  /** Requests sent on to the next upstream after a failure. */
  resent: number;
  /** Requests the proxy answered 502 itself (not safe to resend, or no upstream left). */
  failed: number;
}

export interface RoundRobinProxy {
  url: string;
  stats(): ProxyStats;
  log(): readonly ProxyLogEntry[];
  close(): Promise<void>;
}

interface Upstream {
  host: string;
  port: number;
  downUntilMs: number;
}

export async function startRoundRobinProxy(
  upstreamUrls: string[],
  options: { downMs?: number } = {},
): Promise<RoundRobinProxy> {
  const downMs = options.downMs ?? 2_000;
  const upstreams: Upstream[] = upstreamUrls.map((url) => {
    const parsed = new URL(url);
    return { host: parsed.hostname, port: Number(parsed.port), downUntilMs: 0 };
  });
  const stats: ProxyStats = {
    answered: upstreams.map(() => 0),
    refused: upstreams.map(() => 0),
    lost: upstreams.map(() => 0),
    resent: 0,
    failed: 0,
  };
  const log: ProxyLogEntry[] = [];
  let turn = 0;

  /** The upstreams to try, in order: the next in turn that is up first, the ones marked down last. */
  function order(): number[] {
    const now = Date.now();
    const all = upstreams.map((_, offset) => (turn + offset) % upstreams.length);
    const up = all.filter((index) => upstreams[index]!.downUntilMs <= now);
    const chosen = [...up, ...all.filter((index) => !up.includes(index))];
    turn = (chosen[0]! + 1) % upstreams.length;
    return chosen;
  }

  /** Relays one attempt: undefined when answered, 'cut' when the answer broke off after its headers. */
  function forward(
    index: number,
    request: IncomingMessage,
    body: Buffer,
    response: ServerResponse,
  ): Promise<ProxyIncident | 'cut' | undefined> {
    const upstream = upstreams[index]!;
    // The client's Host goes through unchanged, as a load balancer passes it (cookies, redirects).
    const headers = { ...withoutHopByHop(request.headers), 'content-length': String(body.length) };
    return new Promise((resolve) => {
      let settled = false;
      const settle = (incident: ProxyIncident | 'cut' | undefined) => {
        if (!settled) resolve(incident);
        settled = true;
      };
      const outgoing = httpRequest(
        { host: upstream.host, port: upstream.port, method: request.method, path: request.url, headers, agent: false },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, {
            ...withoutHopByHop(answer.headers),
            [UPSTREAM_HEADER]: String(index),
          });
          answer.pipe(response);
          answer.on('end', () => settle(undefined));
          // Cut off mid-answer: too late to resend; the client sees its connection drop.
          answer.on('error', () => {
            response.destroy();
            settle('cut');
          });
        },
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (response.headersSent) {
          response.destroy();
          return settle('cut');
        }
        settle(error.code === 'ECONNREFUSED' ? 'refused' : 'lost');
      });
      // The client went away before its answer: stop the attempt too.
      response.once('close', () => {
        if (!response.writableFinished) outgoing.destroy();
      });
      outgoing.end(body);
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?')[0]!;
    let previous: ProxyIncident | undefined;
    let refusal = 'no upstream is left to try';
    let sentAtMs = Date.now();
    for (const index of order()) {
      sentAtMs = Date.now();
      const incident = await forward(index, request, body, response);
      if (incident === 'cut') {
        stats.lost[index]! += 1;
        log.push({ sentAtMs, atMs: Date.now(), upstream: index, what: 'lost', method, path });
        return;
      }
      if (incident === undefined) {
        stats.answered[index]! += 1;
        log.push({ sentAtMs, atMs: Date.now(), upstream: index, what: 'answered', method, path });
        if (previous !== undefined) stats.resent += 1;
        return;
      }
      (incident === 'refused' ? stats.refused : stats.lost)[index]! += 1;
      upstreams[index]!.downUntilMs = Date.now() + downMs;
      log.push({ sentAtMs, atMs: Date.now(), upstream: index, what: incident, method, path });
      previous = incident;
      if (!mayResend(method, request.headers, incident)) {
        refusal = 'it is not safe to resend (no Idempotency-Key)';
        break;
      }
      response.setHeader(RESENT_HEADER, incident);
    }
    stats.failed += 1;
    log.push({ sentAtMs, atMs: Date.now(), upstream: -1, what: 'failed', method, path });
    response.removeHeader(RESENT_HEADER);
    response.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
    const what = previous === 'refused' ? 'refused the connection' : 'received the request and lost its answer';
    response.end(JSON.stringify({ error: { code: 'bad_gateway', message: `the upstream ${what}; ${refusal}` } }));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats: () => structuredClone(stats),
    log: () => log,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function withoutHopByHop(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}
