/*
 * buildApp: the whole HTTP server (API, sign-in, and the built app) on one Fastify instance. Tests
 * call it with their own database and call app.inject(); server.ts calls it and listens.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import { POSTGRES_POOL_SIZE } from './db/database.ts';
import { registerAuth, requireRouteAccess } from './plugins/auth.ts';
import { registerBodyDeadline, serverTimers } from './plugins/body-deadline.ts';
import { registerIdempotency, withIdempotency } from './plugins/idempotency.ts';
import { PGLITE_READ_CONCURRENCY, ReadQueue, registerReadQueue } from './plugins/read-queue.ts';
import { HttpError } from './http-error.ts';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors.ts';
import { registerSameOrigin } from './plugins/same-origin.ts';
import { registerTextGuard } from './plugins/text-guard.ts';
import { projectRoot } from './project-root.ts';
import { actorRoutes } from './routes/api/actor-routes.ts';
import { analystRoutes } from './routes/api/analyst-routes.ts';
import { auditRoutes } from './routes/api/audit-routes.ts';
import { collectionRoutes } from './routes/api/collection-routes.ts';
import { eventRoutes } from './routes/api/event-routes.ts';
import { importRoutes } from './routes/api/import-routes.ts';
import { incidentRoutes } from './routes/api/incident-routes.ts';
import { changeRoutes } from './routes/api/change-routes.ts';
import { linkRoutes } from './routes/api/link-routes.ts';
import { markerSymbolRoutes } from './routes/api/marker-symbol-routes.ts';
import { mapRoutes } from './routes/api/map-routes.ts';
import { noteRoutes } from './routes/api/note-routes.ts';
import { organizationRoutes } from './routes/api/organization-routes.ts';
import { connectionRoutes } from './routes/api/connection-routes.ts';
import { organizationEventRoutes } from './routes/api/organization-event-routes.ts';
import { relatedIncidentRoutes } from './routes/api/related-incident-routes.ts';
import { searchRoutes } from './routes/api/search-routes.ts';
import { streamImportRoutes } from './routes/api/stream-import-routes.ts';
import { ImportProgressBoard } from './import/import-progress.ts';
import { SearchPreparer } from './import/search-preparer.ts';
import { PGLITE_READERS_GONE_MILLIS } from './import/import-file.ts';
import { streamRoutes } from './routes/api/stream-routes.ts';
import { tagRoutes } from './routes/api/tag-routes.ts';
import { uploadRoutes } from './routes/api/upload-routes.ts';
import { userRoutes } from './routes/api/user-routes.ts';
import { localRoutes } from './routes/auth/local-routes.ts';
import { oidcRoutes } from './routes/auth/oidc-routes.ts';
import { sessionRoutes } from './routes/auth/session-routes.ts';
import { tileOrigin } from '../domain/geo/map-imagery.ts';

interface BuildOptions {
  /** Where the built app lives; defaults to dist/ at the project root. Absent: API only. */
  appDir?: string;
  logger?: boolean;
}

export async function buildApp(given: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Routes' transactions record an Idempotency-Key when the request carries one (plugins/idempotency.ts).
  const context: AppContext = { ...given, db: withIdempotency(given.db) };
  const app = Fastify({
    logger: options.logger ? { level: context.config.logLevel } : false,
    // Request lines only at debug: at info the log holds starts, stops and errors.
    logController: new LogController({
      disableRequestLogging: context.config.logLevel !== 'debug' && context.config.logLevel !== 'trace',
    }),
    trustProxy: context.config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 500 },
    frameworkErrors: answerFrameworkError,
    ...serverTimers(context.config),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  requireRouteAccess(app);
  // First of the hooks: a request refused later (401) still has its body bounded.
  registerBodyDeadline(app, context.config);

  const tileOrigins = context.config.mapTileUrl ? [tileOrigin(context.config.mapTileUrl)] : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map's tile server, when one is configured, and no other host (Cesium fetches tiles, then decodes them).
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...tileOrigins],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // NOTE: the app runs on plain http on a laptop or in the field; HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 16_384 });
  // One file per request, streamed (never buffered); the few text fields beside it stay small.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: context.config.uploadMaxBytes,
      files: 1,
      fields: 10,
      parts: 12,
      fieldNameSize: 100,
      fieldSize: 1024,
      headerPairs: 100,
    },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Churchkey API', version: context.version },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'churchkey_session' },
        },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });

  // NOTE: a client may send Content-Type: application/json with no body (a bodyless POST);
  // Fastify would refuse it, so such a request is treated as having no body at all.
  app.addHook('onRequest', async (request) => {
    if (request.headers['content-length'] === '0') delete request.headers['content-type'];
  });
  registerSameOrigin(app, context);
  registerTextGuard(app);
  // Reads take turns at about the database's parallelism, and a read whose client left is dropped.
  const readQueue = new ReadQueue(context.db.kind === 'pglite' ? PGLITE_READ_CONCURRENCY : POSTGRES_POOL_SIZE);
  registerReadQueue(app, readQueue);
  registerAuth(app, context.db);
  registerIdempotency(app, context.db);

  // Every JSON object answer carries the server version (spec section 7).
  app.addHook('preSerialization', async (_request, _reply, payload) => {
    if (payload && typeof payload === 'object' && !Array.isArray(payload) && !('version' in payload)) {
      return { ...payload, version: context.version };
    }
    return payload;
  });

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  const routes = app.withTypeProvider<ZodTypeProvider>();
  sessionRoutes(routes, context);
  if (context.config.authMode === 'oidc') oidcRoutes(app, context);
  else localRoutes(app, context);
  analystRoutes(routes, context);
  auditRoutes(routes, context);
  userRoutes(routes, context);
  organizationRoutes(routes, context);
  connectionRoutes(routes, context);
  organizationEventRoutes(routes, context);
  incidentRoutes(routes, context);
  changeRoutes(routes, context);
  streamRoutes(routes, context);
  actorRoutes(routes, context);
  eventRoutes(routes, context);
  searchRoutes(routes, context);
  collectionRoutes(routes, context);
  tagRoutes(routes, context);
  noteRoutes(routes, context);
  linkRoutes(routes, context);
  markerSymbolRoutes(routes, context);
  relatedIncidentRoutes(routes, context);
  uploadRoutes(routes, context);
  // One board for both import calls: GET /api/import/progress/{token} answers for either.
  const importProgress = new ImportProgressBoard(context.db);
  // PGlite: the import's batches wait in the readers' line, so a read is never split by a batch.
  const takeTurn = context.db.kind === 'pglite' ? () => readQueue.turn() : undefined;
  // A large import's search data is prepared after it is shown, in batches that take turns with readers too.
  const searchPreparer =
    context.config.searchPreparation === 'background'
      ? new SearchPreparer(context.db, {
          takeTurn,
          readersActive: () => readQueue.readRecently(PGLITE_READERS_GONE_MILLIS),
          onError: (error) => app.log.error({ err: error }, 'preparing search data failed; it is taken up again later'),
        })
      : undefined;
  if (searchPreparer) {
    app.addHook('onReady', async () => searchPreparer.start());
    app.addHook('onClose', async () => searchPreparer.stop());
  }
  const readersActive = () => readQueue.readRecently(PGLITE_READERS_GONE_MILLIS);
  importRoutes(app, context, importProgress, takeTurn, () => searchPreparer?.wake(), readersActive);
  streamImportRoutes(app, context, importProgress, context.db.kind === 'pglite' ? () => readQueue.turn() : undefined);
  mapRoutes(app, context, { takeTurn, readersActive });

  const appDir = options.appDir ?? join(projectRoot(), 'dist');
  const hasApp = existsSync(join(appDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: appDir,
      wildcard: false,
      index: false,
      // Hashed assets may be cached for good; index.html and the service worker must not be.
      setHeaders(reply, path) {
        const immutable = path.includes(`${join(appDir, 'assets')}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/') || path === '/api' || path.startsWith('/auth/');
    // A build's file that is not there (a tab opened before an upgrade asking for its old chunks) is a 404,
    // never the page: HTML answered for a script fails as a MIME error the app cannot tell from a bug.
    const isMissingAsset = path.startsWith('/assets/');
    if (isApi || isMissingAsset || !hasApp || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new HttpError(404, 'not_found', `${request.method} ${path.slice(0, 200)} not found`);
    }
    // The SPA decides what the path means (and shows "Invalid URL" when nothing does).
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
