/*
 * Writes come only from this app's own pages. SameSite=Lax keeps the session cookie off cross-site
 * POSTs, but a page of the same site (another port or subdomain of the host) still gets it sent: its
 * hidden form could post a urlencoded body or a file as the signed-in analyst. Browsers say where a
 * request comes from: Sec-Fetch-Site, or, where they send none (plain http to a LAN address), Origin.
 * A write that says it comes from elsewhere is refused before anything runs; clients that are no
 * browser (the CLI, scripts, tests) send neither and are not concerned. The Origin must match the
 * origin of PUBLIC_URL or of a trusted Host (auth/trusted-host.ts), never of any Host the request names.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { isTrustedHost } from '../auth/trusted-host.ts';
import { forbidden } from '../http-error.ts';
import { publicOrigin } from '../routes/auth/session-cookie.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function fromElsewhere(request: FastifyRequest, context: AppContext): boolean {
  const site = request.headers['sec-fetch-site'];
  // 'none': typed into the address bar or a bookmark, by the user themselves.
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  // NOTE: a DNS-rebinding page is same-origin to the browser; its Origin (always sent on a write)
  // still names its own host, which publicOrigin does not trust (auth/trusted-host.ts).
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  if (origin === 'null') {
    // NOTE: our pages' Referrer-Policy: no-referrer makes the browser send Origin: null on their form
    // posts; then only the Host can tell a rebinding page (PUBLIC_URL set: the cookie is not its to send).
    if (site === 'same-origin' || site === 'none')
      return !context.config.publicUrl && !isTrustedHost(request.host, context.config);
    return true;
  }
  try {
    return new URL(origin).origin !== publicOrigin(request, context);
  } catch {
    return true;
  }
}

export function registerSameOrigin(app: FastifyInstance, context: AppContext): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !fromElsewhere(request, context)) return;
    throw forbidden("writes are taken only from this app's own pages", 'Origin');
  });
}
