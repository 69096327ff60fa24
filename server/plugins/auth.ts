/*
 * Who is asking: the session cookie names the user; the X-Churchkey-Analyst header names the analyst
 * they act as (0 or absent: their own). Each route declares in its config the permission the acting
 * analyst needs; the hooks here refuse before any handler runs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AnalystHeader, permits, type Permission } from '../../domain/analyst.ts';
import type { Db } from '../db/database.ts';
import { forbidden, invalid, unauthenticated } from '../http-error.ts';
import { findAnalyst, grantedAnalystIds, type AnalystRow } from '../repositories/analysts-repository.ts';
import { findSessionUser } from '../repositories/sessions-repository.ts';
import { sessionCacheOf, type SessionCache } from '../auth/session-cache.ts';
import type { UserRow } from '../repositories/users-repository.ts';

export const SESSION_COOKIE = 'churchkey_session';

/**
 * What a route asks of the caller: nothing, a signed-in user, or an analyst with a permission.
 * 'capability': the route's URL holds an unguessable secret its caller was given, which is the whole
 * permission; no session is looked up, so it answers even while a long import holds the database
 * (PGlite is one connection): GET /api/import/progress/{token}.
 */
export type Access = 'public' | 'capability' | 'user' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: UserRow | null;
    sessionToken: string | null;
    /** The analyst the request acts as, once resolved; null when the user has none yet. */
    analyst: AnalystRow | null;
    /** The user's own analyst is an administrator: they may act as any analyst. */
    userIsAdmin: boolean;
  }
}

export interface Acting {
  user: UserRow;
  analyst: AnalystRow;
}

/** The user and analyst of a request whose route required an analyst. */
export function acting(request: FastifyRequest): Acting {
  if (!request.user) throw unauthenticated();
  if (!request.analyst) throw forbidden('choose or create an analyst first', AnalystHeader);
  return { user: request.user, analyst: request.analyst };
}

export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}

function headerAnalystId(request: FastifyRequest): number {
  const raw = request.headers[AnalystHeader];
  if (raw === undefined) return 0;
  if (typeof raw !== 'string' || !/^(0|[1-9][0-9]{0,15})$/.test(raw.trim())) {
    throw invalid('X-Churchkey-Analyst', 'must be one analyst id (0 for your own)');
  }
  const id = Number(raw.trim());
  if (!Number.isSafeInteger(id)) throw invalid('X-Churchkey-Analyst', 'must be one analyst id (0 for your own)');
  return id;
}

async function resolveAnalyst(db: Db, request: FastifyRequest, user: UserRow) {
  const requested = headerAnalystId(request);
  const own = await findAnalyst(db, user.id);
  const userIsAdmin = own?.permission === 'admin';
  if (requested === 0 || requested === user.id) return { analyst: own ?? null, userIsAdmin };
  const analyst = await findAnalyst(db, requested);
  // NOTE: unknown and not-granted analysts get the same answer, so ids cannot be probed.
  const allowed = analyst && (userIsAdmin || (await grantedAnalystIds(db, user.id)).has(analyst.id));
  if (!analyst || !allowed) throw forbidden(`you may not act as analyst ${requested}`, 'X-Churchkey-Analyst');
  return { analyst, userIsAdmin };
}

/** The routes that must say who may call them: everything of the API and of sign-in. */
const GUARDED_PREFIXES = ['/api/', '/auth/'];

/**
 * Fail closed: adding an /api or /auth route without `config.access` throws, so such a server never
 * starts (the onRequest hook below would let the route through unchecked).
 */
export function requireRouteAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const guarded = GUARDED_PREFIXES.some((prefix) => route.url.startsWith(prefix) || `${route.url}/` === prefix);
    if (guarded && route.config?.access === undefined) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no config.access: every /api and /auth route must say who may call it`,
      );
    }
  });
}

/** resolveAnalyst through the session cache; a missing analyst is looked up again each time. */
async function rememberedAnalyst(db: Db, sessions: SessionCache, request: FastifyRequest, user: UserRow) {
  const token = request.sessionToken;
  const requested = headerAnalystId(request);
  const known = token ? sessions.getActing(token, requested) : undefined;
  if (known) return known;
  const resolved = await resolveAnalyst(db, request, user);
  if (token && resolved.analyst)
    sessions.setActing(token, requested, { analyst: resolved.analyst, userIsAdmin: resolved.userIsAdmin });
  return resolved;
}

/** Writes that change who may act as whom, or with what permission: /api/analyst and below. */
const ANALYST_WRITES = /^\/api\/analyst(\/|$)/;

export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('analyst', null);
  app.decorateRequest('userIsAdmin', false);
  const sessions = sessionCacheOf(db);
  // Before the answer leaves (the write has committed), so the caller's next request sees the change.
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      reply.statusCode < 400 &&
      ANALYST_WRITES.test(request.url)
    )
      sessions.forgetAll();
    return payload;
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'capability') return; // static files and the SPA; secret URLs
    const token = request.cookies[SESSION_COOKIE];
    if (token && token.length <= 100) {
      request.sessionToken = token;
      let user = sessions.get(token);
      if (!user) {
        user = await findSessionUser(db, token);
        if (user) sessions.set(token, user);
      }
      request.user = user ?? null;
    }
    if (access === 'public') return;
    if (!request.user) throw unauthenticated();
    const { analyst, userIsAdmin } = await rememberedAnalyst(db, sessions, request, request.user);
    request.analyst = analyst;
    request.userIsAdmin = userIsAdmin;
    if (access === 'user') return;
    if (!analyst) throw forbidden('choose or create an analyst first', 'X-Churchkey-Analyst');
    if (!permits(analyst.permission, access)) {
      throw forbidden(`analyst ${analyst.id} has ${analyst.permission} permission; this needs ${access}`);
    }
  });
}
