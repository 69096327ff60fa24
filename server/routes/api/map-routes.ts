/*
 * The map calls of spec section 7, paths word for word: GET /api/incident/{incidentID}/analyst/
 * {analystID}/map/{mapID} and its /points, /points/page/0, /invalid and /raw; and the write the spec
 * leaves out, POST /api/incident/{incidentID}/map (the geo CSV and the settings of section 3 as
 * multipart fields), which reads the file into points out of sight (import/import-map-file.ts), then
 * keeps it as a system upload, shows the map and audits it in one small transaction. {analystID} must
 * be the analyst the request acts as. GET /api/map/imagery tells the globe the online tile server, if any.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAP_POINTS_MAX_LIMIT,
  MapAnswerSchema,
  MapInvalidAnswerSchema,
  MapPointsAnswerSchema,
  MapPointsPageAnswerSchema,
} from '../../../domain/geo/map-answers.ts';
import { MapImageryAnswerSchema } from '../../../domain/geo/map-imagery.ts';
import { PathIdSchema } from '../../../domain/ids.ts';
import { ImportError } from '../../../domain/import/import-error.ts';
import { normalizeMediaType, safeFileName } from '../../../domain/upload-media.ts';
import type { AppContext } from '../../app-context.ts';
import { HttpError, invalid } from '../../http-error.ts';
import { acting } from '../../plugins/auth.ts';
import { checkGzipUnpacking } from '../../import/inflate-off-thread.ts';
import { requireIncident } from '../../repositories/access-repository.ts';
import { blobTempDir, openBlobStream } from '../../repositories/blob-repository.ts';
import { recordWrite } from '../../repositories/audit-repository.ts';
import type { TakeTurn } from '../../repositories/in-turn.ts';
import { importMapFile } from '../../import/import-map-file.ts';
import { countMaps, invalidItems, mapFile, mapOf, mapPoints, pointsPage } from '../../repositories/maps-repository.ts';
import { IncidentParams } from '../path-params.ts';
import { apiErrors, routeOptions } from '../route-options.ts';
import { importRefusal, withImportForm } from './import-form.ts';
import { MAP_FORM_FIELDS, mapSettingsOf } from './map-form.ts';
import { UPLOAD_CSP, contentDisposition, servedContentType } from './upload-headers.ts';

const errors = apiErrors(400, 401, 403, 404);
const MapParams = z.object({ incidentID: PathIdSchema, analystID: PathIdSchema, mapID: PathIdSchema });
const MAP_PATH = '/api/incident/:incidentID/analyst/:analystID/map/:mapID';
const Cursor = z
  .string()
  .regex(/^\d{1,16}_\d{1,9}$/, 'must be a nextCursor of the previous page')
  .transform((text) => {
    const [micros, seq] = text.split('_').map(Number) as [number, number];
    return { micros, seq };
  })
  .optional();
const Limit = z
  .string()
  .regex(/^\d{1,6}$/, 'must be a whole number')
  .transform(Number)
  .refine((limit) => limit >= 1 && limit <= MAP_POINTS_MAX_LIMIT, `must be 1 to ${MAP_POINTS_MAX_LIMIT}`)
  .optional();
const Micros = z
  .string()
  .regex(/^\d{1,16}$/, 'must be microseconds since the epoch (a whole number)')
  .transform(Number)
  .optional();

type MapPath = z.infer<typeof MapParams>;

/** PGlite: the map import's short transactions take turns with reads in the server's read queue. */
interface MapImportTurns {
  takeTurn?: TakeTurn | undefined;
  readersActive?: (() => boolean) | undefined;
}

/** A refused map file: the settings' fault is the columns chosen in the preview, named as such. */
function mapRefusal(error: unknown): unknown {
  if (!(error instanceof ImportError)) return error;
  if (error.code !== 'bad-settings') return importRefusal(error);
  return new HttpError(400, 'invalid', `the columns chosen: ${error.message}`, 'identifiedColumns');
}

export function mapRoutes(app: FastifyInstance, context: AppContext, imports: MapImportTurns = {}): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = context;
  const tmpDir = blobTempDir(config);

  /** The incident and the map's id, once the path's analyst and the organization wall agree. */
  const reach = async (request: FastifyRequest, params: MapPath) => {
    const { analyst } = acting(request);
    if (params.analystID !== analyst.id)
      throw invalid('analystID', `must be the analyst this request acts as (${analyst.id})`);
    const incident = await requireIncident(db, analyst, params.incidentID);
    const map = await mapOf(db, incident.id, params.mapID);
    return { incident, map };
  };

  routes.post(
    '/api/incident/:incidentID/map',
    routeOptions('write', {
      summary:
        'Makes a map from a geo file (delimited text, GPX, KML, GeoJSON, IGC or NMEA): the file kept whole, its rows read into points, every invalid row reported',
      description:
        'multipart/form-data with the part "file" and the settings as fields: format (csv, gpx, kml, geojson, igc, nmea, tcx, adsb-trace, location-history, owntracks, czml, spot, fit-csv, plt; the other fields ' +
        'below matter for csv only, except name, colour, icon, defaultTimeZone and defaultDate), name, colour (#rrggbb), icon (circle, airplane, rocket), ' +
        'defaultTimeZone, defaultDate (YYYY-MM-DD, for rows with only a time of day), delimiter (comma, tab), headerRowCount, preambleRowCount, ' +
        'identifiedColumns (JSON: column index → timestamp, hour_minute_second, actor, latitude, longitude, altitude, heading, pitch, roll, position, date, utc_offset, elapsed_milliseconds, latitude_hemisphere, longitude_hemisphere), ' +
        'numericUnit (seconds, milliseconds, microseconds, nanoseconds, fit-seconds: since 1989-12-31), altitudeUnit (metres, feet, millimetres), ' +
        'coordinateUnit (degrees, degrees-e7, semicircles), dateOrder (mdy, dmy, ymd), headingUnit (degrees, centidegrees). A field left out is detected from the file.',
      tags: ['maps'],
      consumes: ['multipart/form-data'],
      params: IncidentParams,
      response: { 201: MapAnswerSchema, ...errors, ...apiErrors(413, 415) },
    }),
    async (request, reply) => {
      const { user, analyst } = acting(request);
      // Refused before a byte of the file is read when the incident is out of reach.
      const reachable = await requireIncident(db, analyst, request.params.incidentID);
      const limits = {
        allowed: MAP_FORM_FIELDS,
        tmpDir,
        maxBytes: config.uploadMaxBytes,
        fieldCount: MAP_FORM_FIELDS.length,
      };
      return withImportForm(
        request,
        limits,
        async (form) => {
          const fileName = safeFileName(form.rawFileName);
          const settings = await mapSettingsOf(form, fileName, await countMaps(db, reachable.id));
          // A gzip bomb refused here, before anything is written and its padding parsed.
          await checkGzipUnpacking(form.file.path, config.importLimits);
          // Out of sight in short transactions (PGlite: taking turns with reads), then one small flip.
          const map = await importMapFile(db, {
            incident: (tx) => requireIncident(tx, analyst, request.params.incidentID),
            file: form.file,
            fileName,
            mediaType: normalizeMediaType(form.declaredType, fileName),
            settings,
            analystId: analyst.id,
            limits: config.importLimits,
            takeTurn: imports.takeTurn,
            readersActive: imports.readersActive,
            show: async (tx, shown) => {
              await recordWrite(
                tx,
                { userID: user.id, analystID: analyst.id },
                {
                  action: 'create map',
                  itemType: 'incident_map',
                  itemID: shown.id,
                  detail: {
                    incidentID: shown.incidentId,
                    fileName,
                    uploadID: shown.uploadId,
                    sha256: shown.blob.sha256,
                    settings,
                    validPointCount: shown.validPointCount,
                    invalidItemCount: shown.invalidItemCount,
                  },
                },
              );
              return mapOf(tx, shown.incidentId, shown.id);
            },
          });
          reply.code(201);
          return { map, version: context.version };
        },
        mapRefusal,
      );
    },
  );

  // Not of the spec: where the globe's online imagery comes from (MAP_TILE_URL), for any signed-in user.
  routes.get(
    '/api/map/imagery',
    routeOptions('user', {
      summary:
        "The map globe's online imagery: a {z}/{x}/{y} tile template, or null for the bundled NaturalEarthII only",
      tags: ['maps'],
      response: { 200: MapImageryAnswerSchema, ...apiErrors(401) },
    }),
    async () => ({ tileUrl: config.mapTileUrl ?? null }),
  );

  routes.get(
    MAP_PATH,
    routeOptions('read', {
      summary: 'A map: its settings, the upload it was read from and its identified columns (by column index)',
      tags: ['maps'],
      params: MapParams,
      response: { 200: MapAnswerSchema, ...errors },
    }),
    async (request) => ({ map: (await reach(request, request.params)).map, version: context.version }),
  );

  routes.get(
    `${MAP_PATH}/points`,
    routeOptions('read', {
      summary:
        "A map's points in time order, as columns, optionally between minTimestamp and maxTimestamp (microseconds, inclusive)",
      description:
        'With limit, one page of at most that many points and nextCursor; pass it back as cursor for the next page (null after the last).',
      tags: ['maps'],
      params: MapParams,
      querystring: z.object({ minTimestamp: Micros, maxTimestamp: Micros, limit: Limit, cursor: Cursor }),
      response: { 200: MapPointsAnswerSchema, ...errors },
    }),
    async (request) => {
      const { map } = await reach(request, request.params);
      const { minTimestamp, maxTimestamp, limit, cursor } = request.query;
      if (minTimestamp !== undefined && maxTimestamp !== undefined && minTimestamp > maxTimestamp)
        throw invalid('minTimestamp', 'is after maxTimestamp');
      if (cursor !== undefined && limit === undefined)
        throw invalid('cursor', 'needs limit (the cursor pages through the points)');
      const { last, ...points } = await mapPoints(db, map.id, {
        min: minTimestamp,
        max: maxTimestamp,
        after: cursor,
        limit,
      });
      if (limit === undefined) return { points, version: context.version };
      return {
        points,
        nextCursor: last !== undefined && points.count === limit ? `${last.micros}_${last.seq}` : null,
        version: context.version,
      };
    },
  );

  routes.get(
    `${MAP_PATH}/points/page/0`,
    routeOptions('read', {
      summary: 'Page 0 of the valid points (the first 1,000 in time order) and their count',
      tags: ['maps'],
      params: MapParams,
      response: { 200: MapPointsPageAnswerSchema, ...errors },
    }),
    async (request) => {
      const { map } = await reach(request, request.params);
      return {
        validPoints: await pointsPage(db, map.id),
        validPointCount: map.validPointCount,
        version: context.version,
      };
    },
  );

  routes.get(
    `${MAP_PATH}/invalid`,
    routeOptions('read', {
      summary: 'The invalid rows of the file (line and reason; the first 1,000) and their count',
      tags: ['maps'],
      params: MapParams,
      response: { 200: MapInvalidAnswerSchema, ...errors },
    }),
    async (request) => {
      const { map } = await reach(request, request.params);
      return {
        invalidItems: await invalidItems(db, map.id),
        invalidItemCount: map.invalidItemCount,
        version: context.version,
      };
    },
  );

  routes.get(
    `${MAP_PATH}/raw`,
    routeOptions('read', {
      summary: 'The file the map was read from, exactly as uploaded, as an attachment that cannot run as a page',
      tags: ['maps'],
      params: MapParams,
      response: { 200: z.unknown().describe('the file, byte for byte'), ...errors },
    }),
    async (request, reply) => {
      const { map } = await reach(request, request.params);
      const file = await mapFile(db, map.id);
      if (!file) throw new HttpError(404, 'not_found', 'map file not found');
      reply.headers({
        etag: `"${file.sha256}"`,
        'cache-control': 'private, no-cache',
        'x-content-type-options': 'nosniff',
        'content-security-policy': UPLOAD_CSP,
        'cross-origin-resource-policy': 'same-origin',
        'content-type': servedContentType({ mediaType: file.media_type, kind: file.kind }),
        'content-disposition': contentDisposition('attachment', file.file_name),
        'content-length': file.size_bytes,
      });
      return reply.send(openBlobStream(db, file.sha256));
    },
  );
}
