/*
 * Every setting comes from the environment, with a safe default; README.md lists them all.
 * Invalid values stop the start with a message naming the variable.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { MapTileUrlSchema } from '../domain/geo/map-imagery.ts';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  AUTH_MODE: z.enum(['local', 'oidc']).default('local'),
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_SCOPES: z.string().default('openid profile email'),
  CHURCHKEY_ADMIN_PASSWORD: z.string().min(12, { error: 'must be at least 12 characters' }).optional(),
  SESSION_DAYS: z.coerce.number().positive().max(365).default(14),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CHURCHKEY_VERSION: z.string().optional(),
  DEMO_DATA: z.enum(['true', 'false']).default('true'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .default(512 * 1024 * 1024),
  ALLOWED_HOSTS: z.string().optional(),
  BODY_SECONDS: z.coerce.number().positive().max(86_400).default(60),
  BODY_MIN_BYTES_PER_SECOND: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(20),
  KEEP_ALIVE_SECONDS: z.coerce.number().positive().max(3600).default(10),
  MAX_CONNECTIONS: z.coerce.number().int().positive().default(1000),
  IMPORT_MAX_RECORDS: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).default(5_000_000),
  IMPORT_MAX_INFLATED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .default(1024 * 1024 * 1024),
  MAP_TILE_URL: MapTileUrlSchema.optional(),
  SEARCH_INLINE_ROWS: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(10_000),
  SEARCH_PREPARATION: z.enum(['background', 'paused']).default('background'),
});

/** Host names (host or host:port) as the Host header carries them, lower case. */
const HostListSchema = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/, {
        error: 'must be host names (host or host:port) separated by commas',
      }),
    ),
  );

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The origin users reach us at; sign-in redirects and `from` checks use it. */
  publicUrl: string | undefined;
  authMode: 'local' | 'oidc';
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined; scopes: string } | undefined;
  adminPassword: string | undefined;
  sessionMicros: number;
  trustProxy: boolean;
  logLevel: string;
  version: string | undefined;
  demoData: boolean;
  /** The largest file one upload may carry, in bytes. */
  uploadMaxBytes: number;
  /** Hosts (as in the Host header) the origin check trusts besides PUBLIC_URL's; empty: loopback only. */
  allowedHosts: string[];
  /** A request body must arrive within bodyMillis plus its size at bodyMinBytesPerSecond. */
  bodyMillis: number;
  bodyMinBytesPerSecond: number;
  /** A connection's request head must arrive within this; an idle kept-alive connection closes after keepAliveMillis. */
  headersTimeoutMillis: number;
  keepAliveMillis: number;
  /** Connections beyond this many are closed as they come. */
  maxConnections: number;
  /** What one import may take: records and invalid rows, and what a zip may unpack to (server/import/import-limits.ts). */
  importLimits: { maxRecords: number; maxInflatedBytes: number };
  /** The map globe's online imagery ({z}/{x}/{y} template); undefined: the bundled NaturalEarthII only. */
  mapTileUrl: string | undefined;
  /** An import's first rows get their search data as they go in; the rest's is prepared after it is shown. */
  searchInlineRows: number;
  /** 'paused': nothing prepares the rest (tests look at a search while it is being prepared). */
  searchPreparation: 'background' | 'paused';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const hosts = HostListSchema.safeParse(e.ALLOWED_HOSTS ?? '');
  if (!hosts.success)
    throw new Error(`Invalid configuration: ALLOWED_HOSTS ${hosts.error.issues[0]?.message ?? 'is invalid'}`);
  if (e.AUTH_MODE === 'oidc' && (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID)) {
    throw new Error('Invalid configuration: AUTH_MODE=oidc needs OIDC_ISSUER and OIDC_CLIENT_ID');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    authMode: e.AUTH_MODE,
    oidc:
      e.AUTH_MODE === 'oidc' && e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            scopes: e.OIDC_SCOPES,
          }
        : undefined,
    adminPassword: e.CHURCHKEY_ADMIN_PASSWORD,
    sessionMicros: Math.round(e.SESSION_DAYS * 86_400_000_000),
    trustProxy: e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
    version: e.CHURCHKEY_VERSION,
    demoData: e.DEMO_DATA === 'true',
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    allowedHosts: hosts.data ?? [],
    bodyMillis: Math.round(e.BODY_SECONDS * 1000),
    bodyMinBytesPerSecond: e.BODY_MIN_BYTES_PER_SECOND,
    headersTimeoutMillis: Math.round(e.HEADERS_TIMEOUT_SECONDS * 1000),
    keepAliveMillis: Math.round(e.KEEP_ALIVE_SECONDS * 1000),
    maxConnections: e.MAX_CONNECTIONS,
    importLimits: { maxRecords: e.IMPORT_MAX_RECORDS, maxInflatedBytes: e.IMPORT_MAX_INFLATED_BYTES },
    mapTileUrl: e.MAP_TILE_URL,
    searchInlineRows: e.SEARCH_INLINE_ROWS,
    searchPreparation: e.SEARCH_PREPARATION,
  };
}
