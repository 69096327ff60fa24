/*
 * The routes the fuzzer must cover, read from the running app: every method and path Fastify has
 * registered (app.printRoutes, so a route left out of the OpenAPI document is still found), joined
 * with what /api/openapi.json says of its parameters and JSON body. A route with a body the document
 * does not describe (multipart uploads, the sign-in form) needs an entry in BODY_KINDS, or the
 * coverage check of fuzz-api.test.ts fails.
 */
import type { FastifyInstance } from 'fastify';
import { MAP_SETTING_FIELDS } from '../../../domain/geo/geo-settings.ts';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  format?: string;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

/** What a route's body is: JSON by its schema, a multipart form with these text fields, the sign-in form, or nothing. */
export type BodyKind =
  | { kind: 'json'; schema: JsonSchema }
  | { kind: 'multipart'; fields: readonly string[] }
  | { kind: 'sign-in' }
  | { kind: 'none' };

export interface FuzzRoute {
  method: string;
  /** Fastify's form: /api/stream/:streamID */
  path: string;
  params: Parameter[];
  query: Parameter[];
  body: BodyKind;
  /** In the OpenAPI document (false: known only from Fastify's route table). */
  documented: boolean;
}

/**
 * Bodies the OpenAPI document does not describe. Multipart fields as server/routes/api/*-form.ts
 * and the import routes accept them; the map's fields are its settings (domain/geo/geo-settings.ts).
 */
export const BODY_KINDS: Record<string, BodyKind> = {
  'POST /auth/login': { kind: 'sign-in' },
  'POST /auth/logout': { kind: 'none' },
  'POST /api/incident/:incidentID/upload': {
    kind: 'multipart',
    fields: ['kind', 'eventID', 'attachmentKind', 'streamID'],
  },
  'POST /api/incident/:incidentID/import': {
    kind: 'multipart',
    fields: ['streamName', 'timeZone', 'settings', 'progressToken'],
  },
  'POST /api/stream/:streamID/import/check': { kind: 'multipart', fields: ['timeZone', 'settings'] },
  'POST /api/stream/:streamID/import': {
    kind: 'multipart',
    fields: ['timeZone', 'settings', 'resolution', 'progressToken'],
  },
  'POST /api/incident/:incidentID/map': { kind: 'multipart', fields: MAP_SETTING_FIELDS },
  // Writes whose whole input is in the path.
  'POST /api/events/search': { kind: 'none' },
  'POST /api/event/:eventID/thread': { kind: 'none' },
};

/** Every method and path of Fastify's route tree (printRoutes draws it; segments are joined back). */
export function registeredRoutes(app: FastifyInstance): { method: string; path: string }[] {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n');
  const stack: string[] = [];
  const routes: { method: string; path: string }[] = [];
  for (const line of lines) {
    const marker = line.indexOf('── ');
    if (marker < 0) continue;
    const depth = (marker - 1) / 4;
    const rest = line.slice(marker + 3);
    const open = rest.lastIndexOf(' (');
    const segment = open >= 0 ? rest.slice(0, open) : rest;
    stack.length = depth;
    stack.push(segment);
    if (open < 0) continue;
    const methods = rest
      .slice(open + 2, rest.length - 1)
      .split(',')
      .map((m) => m.trim());
    for (const method of methods) routes.push({ method, path: stack.join('') });
  }
  return routes;
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: (Parameter & { in: string })[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
    >
  >;
}

/** The fuzz routes: Fastify's table, described by the OpenAPI document and BODY_KINDS. */
export function fuzzRoutes(app: FastifyInstance, openapi: OpenApi): { routes: FuzzRoute[]; undescribed: string[] } {
  const routes: FuzzRoute[] = [];
  const undescribed: string[] = [];
  for (const { method, path } of registeredRoutes(app)) {
    const documentedPath = path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    // HEAD is Fastify's twin of each GET: fuzzed with the GET's parameters.
    const operation = openapi.paths[documentedPath]?.[(method === 'HEAD' ? 'get' : method).toLowerCase()];
    const params = (operation?.parameters ?? []).filter((p) => p.in === 'path') as Parameter[];
    const query = (operation?.parameters ?? []).filter((p) => p.in === 'query') as Parameter[];
    // Path parameters Fastify knows but the document does not (an undocumented route).
    for (const match of path.matchAll(/:([A-Za-z0-9_]+)/g)) {
      if (!params.some((p) => p.name === match[1]))
        params.push({ name: match[1]!, in: 'path', required: true, schema: { type: 'string' } });
    }
    const key = `${method} ${path}`;
    const jsonSchema = operation?.requestBody?.content['application/json']?.schema;
    let body: BodyKind | undefined = BODY_KINDS[key];
    if (!body && jsonSchema) body = { kind: 'json', schema: jsonSchema };
    if (!body && (method === 'GET' || method === 'HEAD' || (method === 'DELETE' && !operation?.requestBody)))
      body = { kind: 'none' };
    if (!body && operation && !operation.requestBody && (method === 'PUT' || method === 'DELETE'))
      body = { kind: 'none' };
    if (!body) {
      undescribed.push(key);
      continue;
    }
    routes.push({ method, path, params, query, body, documented: operation !== undefined });
  }
  return { routes, undescribed };
}
